-- "View as this family" sessions (issue #20; docs/api/view-as.md).
CREATE TABLE IF NOT EXISTS "view_as_sessions" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "staff_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "family_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "token_hash" varchar(64) NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "ended_at" timestamp with time zone,
  "end_reason" varchar(16)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "view_as_sessions_token_hash_idx" ON "view_as_sessions" ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "view_as_sessions_open_staff_idx" ON "view_as_sessions" ("staff_user_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "view_as_sessions_family_idx" ON "view_as_sessions" ("family_user_id");
