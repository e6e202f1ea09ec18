-- Issue #13: lectures (one per paid lecture line), lesson requests, matching.
CREATE TABLE "lectures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" bigint NOT NULL,
	"payment_item_id" bigint NOT NULL,
	"title" varchar(120) NOT NULL,
	"months" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"tutor_user_id" integer,
	"weekly_plan" jsonb,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lectures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lectures_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lectures_payment_item_id_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."payment_items"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "lectures_tutor_user_id_users_id_fk" FOREIGN KEY ("tutor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lectures_payment_item_key" ON "lectures" USING btree ("payment_item_id");
--> statement-breakpoint
CREATE INDEX "lectures_user_idx" ON "lectures" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "lectures_tutor_idx" ON "lectures" USING btree ("tutor_user_id","state");
--> statement-breakpoint
CREATE TABLE "lecture_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"from_state" varchar(16),
	"to_state" varchar(16) NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"actor_user_id" integer,
	"reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_transitions_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "lecture_transitions_lecture_idx" ON "lecture_transitions" USING btree ("lecture_id","created_at");
--> statement-breakpoint
CREATE TABLE "lesson_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"state" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"form" jsonb NOT NULL,
	"filled_by_user_id" integer,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_requests_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_requests_lecture_key" ON "lesson_requests" USING btree ("lecture_id");
--> statement-breakpoint
CREATE TABLE "lesson_request_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lesson_request_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_request_files_request_id_fk" FOREIGN KEY ("lesson_request_id") REFERENCES "public"."lesson_requests"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "lesson_request_files_request_idx" ON "lesson_request_files" USING btree ("lesson_request_id");
--> statement-breakpoint
CREATE TABLE "matchings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'OPEN' NOT NULL,
	"manager_user_id" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "matchings_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "matchings_one_open_key" ON "matchings" USING btree ("lecture_id") WHERE "matchings"."state" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "matchings_state_idx" ON "matchings" USING btree ("state","opened_at");
--> statement-breakpoint
CREATE TABLE "matching_suggestions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"matching_id" bigint NOT NULL,
	"tutor_user_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'SUGGESTED' NOT NULL,
	"reasons" jsonb NOT NULL,
	"score" real NOT NULL,
	"slots" jsonb,
	"refused_reason" varchar(300),
	"suggested_by_user_id" integer NOT NULL,
	"suggested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "matching_suggestions_matching_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "matching_suggestions_tutor_user_id_fk" FOREIGN KEY ("tutor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "matching_suggestions_tutor_key" ON "matching_suggestions" USING btree ("matching_id","tutor_user_id");
--> statement-breakpoint
CREATE INDEX "matching_suggestions_tutor_idx" ON "matching_suggestions" USING btree ("tutor_user_id","state");
--> statement-breakpoint
CREATE INDEX "matching_suggestions_expiry_idx" ON "matching_suggestions" USING btree ("state","expires_at");
--> statement-breakpoint
-- Existing paid first orders get their lectures (REGISTER, or FINISH for a refunded line), each
-- with its first transition row (AUTO).
INSERT INTO "lectures" ("user_id", "payment_id", "payment_item_id", "title", "months", "state", "created_at", "updated_at")
SELECT p."user_id", p."id", i."id", i."name", i."months",
       CASE WHEN i."state" = 'REFUNDED' THEN 'FINISH' ELSE 'REGISTER' END,
       COALESCE(p."completed_at", p."created_at"), now()
FROM "payment_items" i
JOIN "payments" p ON p."id" = i."payment_id"
WHERE i."item_kind" = 'LECTURE'
  AND p."subscription_id" IS NULL
  AND p."state" IN ('PAID', 'PARTIALLY_REFUNDED', 'TOTALLY_REFUNDED')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "lecture_transitions" ("lecture_id", "from_state", "to_state", "initiator", "reason", "created_at")
SELECT l."id", NULL, l."state", 'AUTO', '기존 결제에서 옮겨 왔어요.', l."created_at"
FROM "lectures" l;
