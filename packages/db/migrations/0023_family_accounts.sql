-- Issue 15: family accounts (a parent's requests to manage an existing student, confirmed by the
-- student or the consenting parent's phone) and account links between the services of the family
-- (the other service's accounts, the links, and the family-services terms agreed with versions).
CREATE TABLE "family_link_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parent_user_id" integer NOT NULL,
	"child_user_id" integer NOT NULL,
	"origin" varchar(16) NOT NULL,
	"verification_id" uuid,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "family_link_requests_parent_user_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "family_link_requests_child_user_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_link_requests_pending_key" ON "family_link_requests" USING btree ("parent_user_id","child_user_id") WHERE "family_link_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "family_link_requests_child_idx" ON "family_link_requests" USING btree ("child_user_id","status");--> statement-breakpoint
CREATE TABLE "family_service_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type" varchar(16) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(50) NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_service_accounts_email_key" ON "family_service_accounts" USING btree ("service_type",lower("email"));--> statement-breakpoint
CREATE TABLE "account_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_type" varchar(16) NOT NULL,
	"service_account_id" integer NOT NULL,
	"direction" varchar(8) NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"unlinked_at" timestamp with time zone,
	CONSTRAINT "account_links_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "account_links_service_account_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."family_service_accounts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_links_user_live_key" ON "account_links" USING btree ("user_id","service_type") WHERE "account_links"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_links_account_live_key" ON "account_links" USING btree ("service_type","service_account_id") WHERE "account_links"."unlinked_at" is null;--> statement-breakpoint
CREATE TABLE "family_service_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service" varchar(16) NOT NULL,
	"term_id" varchar(32) NOT NULL,
	"term_version" varchar(16) NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "family_service_agreements_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_service_agreements_key" ON "family_service_agreements" USING btree ("user_id","service","term_id","term_version");
