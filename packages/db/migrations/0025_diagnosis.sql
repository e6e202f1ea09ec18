-- Issue #20: the AI learning diagnosis. One row per level test taken (guest or account); the
-- items are repository content, the answers and the per-unit result are written by the one
-- submission that moves the attempt from STARTED to SUBMITTED.
CREATE TABLE "diagnosis_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"test_id" varchar(40) NOT NULL,
	"subject" varchar(16) NOT NULL,
	"school_level" varchar(8) NOT NULL,
	"item_ids" jsonb NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_id" integer,
	"state" varchar(16) DEFAULT 'STARTED' NOT NULL,
	"answers" jsonb,
	"result" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "diagnosis_attempts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "diagnosis_attempts_state_check" CHECK ("diagnosis_attempts"."state" IN ('STARTED', 'SUBMITTED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_attempts_token_hash_key" ON "diagnosis_attempts" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "diagnosis_attempts_user_idx" ON "diagnosis_attempts" USING btree ("user_id","submitted_at");
