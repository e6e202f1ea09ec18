CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(160) NOT NULL,
	"ownership_type" varchar(8) NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"month" smallint NOT NULL,
	"device_id" integer,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"signer_user_id" integer NOT NULL,
	"signer_role" varchar(8) NOT NULL,
	"signer_name" varchar(50) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_ip" varchar(64),
	"user_agent" varchar(300),
	"text_version" varchar(32) NOT NULL,
	"text_hash" char(64) NOT NULL,
	"signed_document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"payment_item_ids" jsonb NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"state" varchar(16) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"amount" integer NOT NULL,
	"rule" varchar(48) NOT NULL,
	"blocked_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_account" jsonb,
	"gateway_note" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_payment_key" ON "contracts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_contracts_contract_key" ON "user_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "user_contracts_user_idx" ON "user_contracts" USING btree ("user_id","signed_at");--> statement-breakpoint
CREATE INDEX "refund_requests_payment_idx" ON "refund_requests" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refund_requests_state_idx" ON "refund_requests" USING btree ("state","created_at");