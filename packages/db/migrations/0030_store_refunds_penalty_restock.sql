-- Refunds of what the store sells (issue #18, docs/decisions/021-store-refunds-penalty-delivery-restock.md).
-- A DEVICE row may be a gift (GIFT: given to keep with the lessons, no rent, no return).
ALTER TABLE "store_items" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Why goods go back (CHANGE_OF_MIND / DEFECTIVE_OR_NOT_AS_SOLD; null without shipped goods) and
-- whether the person said goods were used or damaged, as the request was made.
ALTER TABLE "refund_requests" ADD COLUMN "return_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "goods_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What a refund keeps back, one row per kind and request: PENALTY (early end of a free tablet
-- rental) and DELIVERY_FEE_FOR_REFUND (return shipping of goods sent back by change of mind).
-- `amount` is the won taken off the refund; `rule_amount` what the published rule gives.
CREATE TABLE "refund_deductions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_request_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payment_item_id" bigint,
	"rule_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"explanation" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_deductions_refund_request_id_refund_requests_id_fk" FOREIGN KEY ("refund_request_id") REFERENCES "public"."refund_requests"("id") ON DELETE cascade,
	CONSTRAINT "refund_deductions_kind_check" CHECK ("refund_deductions"."kind" in ('PENALTY', 'DELIVERY_FEE_FOR_REFUND')),
	CONSTRAINT "refund_deductions_amount_check" CHECK ("refund_deductions"."amount" >= 0 and "refund_deductions"."amount" <= "refund_deductions"."rule_amount")
);--> statement-breakpoint
CREATE UNIQUE INDEX "refund_deductions_request_kind_key" ON "refund_deductions" USING btree ("refund_request_id","kind");--> statement-breakpoint
-- A refunded book back in stock: one row per payment item (the primary key), written with the
-- stock increment in the transaction that settles the refund, so it happens exactly once.
CREATE TABLE "store_restocks" (
	"payment_item_id" bigint PRIMARY KEY NOT NULL,
	"store_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"refund_request_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_restocks_payment_item_id_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."payment_items"("id") ON DELETE cascade,
	CONSTRAINT "store_restocks_quantity_check" CHECK ("store_restocks"."quantity" > 0)
);
