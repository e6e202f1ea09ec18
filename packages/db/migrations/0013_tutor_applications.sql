-- Issue #12: tutor resumes, the vetting pipeline, documents, record checks, the tutor agreement.
CREATE TABLE "tutor_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'JOIN' NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"resume" jsonb NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reapply_after" timestamp with time zone,
	"last_reason" varchar(500),
	"stalled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"matching_available" boolean DEFAULT false NOT NULL,
	"university_status_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_applications_user_key" ON "tutor_applications" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "tutor_applications_state_idx" ON "tutor_applications" USING btree ("state","state_changed_at");
--> statement-breakpoint
CREATE TABLE "tutor_application_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"from_state" varchar(16),
	"to_state" varchar(16) NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"actor_user_id" integer,
	"reason" varchar(500),
	"score" smallint,
	"attempt" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_application_transitions_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."tutor_applications"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "tutor_application_transitions_app_idx" ON "tutor_application_transitions" USING btree ("application_id","created_at");
--> statement-breakpoint
CREATE TABLE "tutor_application_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"duration_seconds" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_application_files_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."tutor_applications"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "tutor_application_files_app_idx" ON "tutor_application_files" USING btree ("application_id","kind","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_application_files_key" ON "tutor_application_files" USING btree ("storage_key");
--> statement-breakpoint
CREATE TABLE "tutor_background_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"result" varchar(16) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone,
	"reference" varchar(100),
	"recorded_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_background_checks_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."tutor_applications"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_background_checks_app_kind_key" ON "tutor_background_checks" USING btree ("application_id","kind");
--> statement-breakpoint
CREATE TABLE "tutor_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"signer_name" varchar(50) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_ip" varchar(64),
	"user_agent" varchar(300),
	"text_version" varchar(32) NOT NULL,
	"text_hash" char(64) NOT NULL,
	"signed_document" jsonb NOT NULL,
	CONSTRAINT "tutor_agreements_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."tutor_applications"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_agreements_app_key" ON "tutor_agreements" USING btree ("application_id");
