-- Issue #14: per-cycle reviews (after every 4 held lessons), and the marketing reviews they are
-- published as. Every review that existed before came from the local demo seed: marked sample.
CREATE TABLE "cycle_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lecture_id" bigint NOT NULL,
	"cycle" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"tutor_user_id" integer,
	"author_user_id" integer NOT NULL,
	"author_role" varchar(16) NOT NULL,
	"score" smallint NOT NULL,
	"comment" varchar(1000),
	"wants_tutor_change" boolean NOT NULL,
	"low_score" boolean NOT NULL,
	"publish_consent" boolean NOT NULL,
	"subject" varchar(20) NOT NULL,
	"held_lessons" integer NOT NULL,
	"published_at" timestamp with time zone,
	"published_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_reviews_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "cycle_reviews_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "cycle_reviews_tutor_user_id_fk" FOREIGN KEY ("tutor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "cycle_reviews_author_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "cycle_reviews_published_by_user_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "cycle_reviews_score_check" CHECK ("cycle_reviews"."score" BETWEEN 0 AND 10),
	CONSTRAINT "cycle_reviews_cycle_check" CHECK ("cycle_reviews"."cycle" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_reviews_lecture_cycle_key" ON "cycle_reviews" USING btree ("lecture_id","cycle");
--> statement-breakpoint
CREATE INDEX "cycle_reviews_consent_idx" ON "cycle_reviews" USING btree ("publish_consent","created_at");
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "cycle_review_id" bigint;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "score" smallint;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cycle_review_id_fk" FOREIGN KEY ("cycle_review_id") REFERENCES "public"."cycle_reviews"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_cycle_review_key" ON "reviews" USING btree ("cycle_review_id");
--> statement-breakpoint
UPDATE "reviews" SET "sample" = true WHERE "cycle_review_id" IS NULL;
