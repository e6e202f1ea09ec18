CREATE TABLE "interest_free_installment_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"free_months" smallint NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"user_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_method_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"discount_kind" varchar(40) NOT NULL,
	"discount_type" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	"months" smallint,
	"item_kind" varchar(32),
	CONSTRAINT "sales_policies_value_check" CHECK ("sales_policies"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_kind" varchar(32) NOT NULL,
	"title" varchar(100) NOT NULL,
	"subtitle" varchar(100),
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject_id" integer,
	"item_type" varchar(16),
	"school_level" varchar(8),
	"months" smallint DEFAULT 1 NOT NULL,
	"group_no" integer,
	"lecture_vt_no" integer,
	"base_price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"used_type" varchar(8),
	"device_type" varchar(16),
	"device_gen" varchar(32),
	"color" varchar(32),
	"etc" varchar(64),
	"count" integer DEFAULT 0 NOT NULL,
	"is_homeshopping" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_prices_check" CHECK ("store_items"."base_price" >= 0 and "store_items"."sale_price" >= 0),
	CONSTRAINT "store_items_months_check" CHECK ("store_items"."months" >= 1),
	CONSTRAINT "store_items_count_check" CHECK ("store_items"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"registered_by_user_id" integer NOT NULL,
	"billing_key" varchar(80) NOT NULL,
	"name" varchar(80) NOT NULL,
	"company_name" varchar(40) NOT NULL,
	"number_masked" varchar(24) NOT NULL,
	"card_type" varchar(24) NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"is_main" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_payment_id" varchar(80),
	"merchant_uid" varchar(80),
	"status" varchar(24),
	"outcome" varchar(24) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"store_item_id" integer,
	"item_kind" varchar(32) NOT NULL,
	"name" varchar(120) NOT NULL,
	"quantity" smallint NOT NULL,
	"months" smallint NOT NULL,
	"unit_base_price" integer NOT NULL,
	"unit_sale_price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"policy_price" integer NOT NULL,
	"paid_price" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"policies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" varchar(24),
	CONSTRAINT "payment_items_amounts_check" CHECK ("payment_items"."paid_price" = "payment_items"."sale_price" - "payment_items"."policy_price" and "payment_items"."paid_price" >= 0 and "payment_items"."refunded_amount" >= 0 and "payment_items"."refunded_amount" <= "payment_items"."paid_price")
);
--> statement-breakpoint
CREATE TABLE "payment_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"payment_item_id" bigint,
	"from_state" varchar(24),
	"to_state" varchar(24) NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"actor_user_id" integer,
	"reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_uid" varchar(80) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"initiator" varchar(16) NOT NULL,
	"payment_method" varchar(16) NOT NULL,
	"state" varchar(24) NOT NULL,
	"name" varchar(120) NOT NULL,
	"products_price" integer NOT NULL,
	"discounted_value" integer NOT NULL,
	"paid_price" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"card_quota" smallint DEFAULT 0 NOT NULL,
	"billing_card_id" integer,
	"gateway_payment_id" varchar(80),
	"fail_reason" varchar(300),
	"receipt_url" varchar(500),
	"virtual_account" jsonb,
	"subscription_id" bigint,
	"billing_period" smallint,
	"memo" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."products_price" >= 0 and "payments"."discounted_value" >= 0 and "payments"."paid_price" >= 0 and "payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."paid_price" and "payments"."paid_price" = "payments"."products_price" - "payments"."discounted_value")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'ACTIVE' NOT NULL,
	"name" varchar(120) NOT NULL,
	"renewal_items" jsonb NOT NULL,
	"renewal_amount" integer NOT NULL,
	"first_payment_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"paid_months" smallint NOT NULL,
	"next_charge_at" timestamp with time zone NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_policies" ADD CONSTRAINT "sales_policies_sales_method_id_sales_methods_id_fk" FOREIGN KEY ("sales_method_id") REFERENCES "public"."sales_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cards" ADD CONSTRAINT "billing_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transitions" ADD CONSTRAINT "payment_transitions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billing_card_id_billing_cards_id_fk" FOREIGN KEY ("billing_card_id") REFERENCES "public"."billing_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_methods_user_idx" ON "sales_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sales_policies_method_idx" ON "sales_policies" USING btree ("sales_method_id");--> statement-breakpoint
CREATE INDEX "store_items_kind_idx" ON "store_items" USING btree ("item_kind","is_active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cards_one_main_key" ON "billing_cards" USING btree ("user_id") WHERE "billing_cards"."is_main";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cards_billing_key_key" ON "billing_cards" USING btree ("billing_key");--> statement-breakpoint
CREATE INDEX "gateway_notifications_merchant_idx" ON "gateway_notifications" USING btree ("merchant_uid");--> statement-breakpoint
CREATE INDEX "payment_items_payment_idx" ON "payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_transitions_payment_idx" ON "payment_transitions" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_uid_key" ON "payments" USING btree ("merchant_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subscription_period_key" ON "payments" USING btree ("subscription_id","billing_period") WHERE "payments"."subscription_id" is not null and "payments"."state" <> 'FAILED';--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_state_created_idx" ON "payments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payments_gateway_payment_id_idx" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_charge_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");