-- Issue #12: storage keys issued for direct browser uploads (presigned POST to S3), kept until
-- the applicant confirms the upload (it then becomes a tutor_application_files row) or it is
-- abandoned (the stalled-steps job deletes the row and the object).
CREATE TABLE "tutor_application_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"max_bytes" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_application_uploads_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."tutor_applications"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_application_uploads_key" ON "tutor_application_uploads" USING btree ("storage_key");
--> statement-breakpoint
CREATE INDEX "tutor_application_uploads_app_idx" ON "tutor_application_uploads" USING btree ("application_id","created_at");
--> statement-breakpoint
CREATE INDEX "tutor_application_uploads_expires_idx" ON "tutor_application_uploads" USING btree ("expires_at");
