-- Issue #19: sign-in throttles reserved atomically and shared by every process (decision 018).
CREATE TABLE "attempt_counters" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Where an account signed in from (the known-address exemption of the account-wide limit).
CREATE INDEX "audit_logs_actor_action_idx" ON "audit_logs" USING btree ("actor_user_id","action");
