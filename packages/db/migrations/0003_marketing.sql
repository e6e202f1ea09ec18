CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(30) NOT NULL,
	"question" varchar(200) NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"subject" varchar(20) NOT NULL,
	"author_label" varchar(40) NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"rating" smallint NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "faqs_category_sort_idx" ON "faqs" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "reviews_published_year_subject_idx" ON "reviews" USING btree ("published","year","subject","id");