-- Issue #17: the messages outbox (one row per idempotency key) and the consent ledger.
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"subject" varchar(64) NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"recipient_role" varchar(16) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"template_id" varchar(64) NOT NULL,
	"template_version" smallint NOT NULL,
	"variables" jsonb NOT NULL,
	"text" varchar(2000) NOT NULL,
	"buttons" jsonb NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"state" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"provider" varchar(16),
	"provider_message_id" varchar(120),
	"provider_result" varchar(300),
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_recipient_user_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_key" ON "messages" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("scheduled_at","id") WHERE "state" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "messages_subject_idx" ON "messages" USING btree ("subject","state");
--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_user_id","created_at");
--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");
--> statement-breakpoint
CREATE TABLE "message_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"granted" boolean NOT NULL,
	"source" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_consents_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "message_consents_user_idx" ON "message_consents" USING btree ("user_id","kind","created_at");
