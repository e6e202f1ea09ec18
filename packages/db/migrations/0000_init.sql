CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"actor_user_id" integer,
	"action" varchar(64) NOT NULL,
	"target" varchar(128),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_children" (
	"parent_user_id" integer NOT NULL,
	"child_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxonomies" (
	"term_taxonomy_id" integer PRIMARY KEY NOT NULL,
	"taxonomy" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"depth" smallint NOT NULL,
	"parent" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" varchar(16) NOT NULL,
	"name" varchar(50) NOT NULL,
	"nickname" varchar(30),
	"phone" varchar(20),
	"status" varchar(32) DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_child_user_id_users_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_kind_created_idx" ON "audit_logs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_children_pair_key" ON "parent_children" USING btree ("parent_user_id","child_user_id");--> statement-breakpoint
CREATE INDEX "taxonomies_taxonomy_idx" ON "taxonomies" USING btree ("taxonomy","depth","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));