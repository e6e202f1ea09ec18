-- Issue #14: lessons, the occurrences of a lecture's weekly plan.
CREATE TABLE "lessons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"tutor_user_id" integer,
	"recurrence_id" varchar(32) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"minutes" smallint NOT NULL,
	"state" varchar(16) DEFAULT 'RESERVATION' NOT NULL,
	"held_minutes" smallint,
	"note" varchar(1000),
	"recorded_at" timestamp with time zone,
	"cancelled_by" varchar(16),
	"cancel_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lessons_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lessons_tutor_user_id_fk" FOREIGN KEY ("tutor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_recurrence_key" ON "lessons" USING btree ("lecture_id","recurrence_id");
--> statement-breakpoint
CREATE INDEX "lessons_user_time_idx" ON "lessons" USING btree ("user_id","starts_at");
--> statement-breakpoint
CREATE INDEX "lessons_tutor_time_idx" ON "lessons" USING btree ("tutor_user_id","starts_at");
