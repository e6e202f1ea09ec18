CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"code_salt" char(32) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"token_hash" char(64),
	"token_expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"rotated_to_id" bigint,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_term_agreements" (
	"user_id" integer NOT NULL,
	"service" varchar(16) NOT NULL,
	"term_id" varchar(32) NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_term_agreements_user_id_service_term_id_pk" PRIMARY KEY("user_id","service","term_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" varchar(8) DEFAULT 'MAN' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "grade" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_consent_name" varchar(50);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_only_homeshopping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_term_agreements" ADD CONSTRAINT "user_term_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_created_idx" ON "phone_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_verifications_token_hash_key" ON "phone_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "phone_verifications_created_idx" ON "phone_verifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_lower_key" ON "users" USING btree (lower("nickname"));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_parent_phone_idx" ON "users" USING btree ("parent_phone");