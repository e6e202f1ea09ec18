CREATE TABLE "consultation_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"applicant_type" varchar(16) NOT NULL,
	"name" varchar(50) NOT NULL,
	"grade" varchar(16) NOT NULL,
	"subject" varchar(16) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"preferred_time" varchar(24) NOT NULL,
	"preferred_time_note" varchar(200),
	"memo" varchar(500),
	"privacy_agreed_at" timestamp with time zone NOT NULL,
	"utm_campaign" varchar(200),
	"utm_content" varchar(200),
	"utm_medium" varchar(200),
	"utm_source" varchar(200),
	"utm_term" varchar(200),
	"status" varchar(16) DEFAULT 'RECEIVED' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"verification_token_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_requests_status_check" CHECK ("consultation_requests"."status" in ('RECEIVED', 'CONTACTED', 'CLOSED')),
	CONSTRAINT "consultation_requests_applicant_type_check" CHECK ("consultation_requests"."applicant_type" in ('PARENT', 'STUDENT'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_requests_token_hash_key" ON "consultation_requests" USING btree ("verification_token_hash");--> statement-breakpoint
CREATE INDEX "consultation_requests_created_idx" ON "consultation_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "consultation_requests_status_created_idx" ON "consultation_requests" USING btree ("status","created_at","id");