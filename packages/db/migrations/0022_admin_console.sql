-- Issue #16: the operations console. pg_trgm makes partial name / phone / email matches
-- ("anywhere in the value") use an index; expression indexes make the card keys (first 8 and
-- last 4 digits of the masked number) and payments by card cheap; staff notes on a family; the
-- idempotency keys of console actions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_parent_phone_trgm_idx" ON "users" USING gin ("parent_phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "billing_cards_first_eight_idx" ON "billing_cards" USING btree (left(replace("number_masked", '-', ''), 8));
--> statement-breakpoint
CREATE INDEX "billing_cards_last_four_idx" ON "billing_cards" USING btree (right("number_masked", 4));
--> statement-breakpoint
CREATE INDEX "payments_billing_card_created_idx" ON "payments" USING btree ("billing_card_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");
--> statement-breakpoint
CREATE TABLE "admin_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_user_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"author_role" varchar(16) NOT NULL,
	"body" varchar(2000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_notes_family_user_id_fk" FOREIGN KEY ("family_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "admin_notes_author_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "admin_notes_family_idx" ON "admin_notes" USING btree ("family_user_id","created_at");
--> statement-breakpoint
CREATE TABLE "admin_actions" (
	"idempotency_key" varchar(64) PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"action" varchar(48) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"state" varchar(8) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
