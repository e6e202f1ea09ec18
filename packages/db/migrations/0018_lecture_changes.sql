-- Issue #14: lecture change requests (move one lesson, a new weekly plan from a date on, another
-- tutor, a pause, a stop), why a lesson was cancelled, and where a lecture's plan starts.
CREATE TABLE "lecture_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'RECEIVED' NOT NULL,
	"requested_side" varchar(8) NOT NULL,
	"requested_by_user_id" integer,
	"lesson_id" bigint,
	"lesson_starts_at" timestamp with time zone,
	"proposed_starts_at" timestamp with time zone,
	"proposed_minutes" smallint,
	"weekly_plan" jsonb,
	"effective_from" varchar(10),
	"pause_from" varchar(10),
	"pause_until" varchar(10),
	"reason" varchar(300),
	"late" boolean DEFAULT false NOT NULL,
	"decided_side" varchar(8),
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_changes_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lecture_changes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "lecture_changes_requested_by_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_changes_open_move_key" ON "lecture_changes" USING btree ("lesson_id") WHERE "state" = 'RECEIVED' AND "kind" = 'MOVE_LESSON';
--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_changes_open_kind_key" ON "lecture_changes" USING btree ("lecture_id","kind") WHERE "state" = 'RECEIVED' AND "kind" <> 'MOVE_LESSON';
--> statement-breakpoint
CREATE INDEX "lecture_changes_lecture_idx" ON "lecture_changes" USING btree ("lecture_id","created_at");
--> statement-breakpoint
CREATE INDEX "lecture_changes_queue_idx" ON "lecture_changes" USING btree ("state","created_at","id");
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "cancel_cause" varchar(16);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "zero_reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "zero_reviewed_by_user_id" integer;
--> statement-breakpoint
CREATE INDEX "lessons_zero_minute_idx" ON "lessons" USING btree ("recorded_at") WHERE "state" = 'DONE' AND "held_minutes" = 0 AND "zero_reviewed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "plan_from" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "paused_days" integer DEFAULT 0 NOT NULL;
