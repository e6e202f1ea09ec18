-- Sales policies staff manage (issue #18; SPEC.md §3 BASE_/USER_SALES_METHOD_WITH_POLICIES and the
-- cart's "active lecture sales methods: id, to_sales_method_no, policy11, policy9",
-- convertSalesMethodNo; docs/decisions/036). A method may convert the cart to another method when a
-- NEW tablet is taken with the lessons (to_sales_method_no); a conversion-only method is applied
-- only that way. A policy may aim at NEW tablets of one generation (device_gen "9" = policy9,
-- "11" = policy11), is deactivated instead of deleted (past payments name it), and two active
-- policies of one method never share a name (two staff creating the same policy at once: one wins).
ALTER TABLE "sales_methods" ADD COLUMN "to_sales_method_no" integer;--> statement-breakpoint
ALTER TABLE "sales_methods" ADD COLUMN "conversion_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_policies" ADD COLUMN "device_gen" varchar(32);--> statement-breakpoint
ALTER TABLE "sales_policies" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_policies" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_policies" ADD CONSTRAINT "sales_policies_type_check" CHECK ("discount_type" in ('AMOUNT', 'PERCENT') and ("discount_type" <> 'PERCENT' or "value" <= 100)) NOT VALID;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_policies_active_name_key" ON "sales_policies" USING btree ("sales_method_id","name") WHERE "is_active";--> statement-breakpoint
-- The example of the issue: a family that takes a NEW 9th or 11th generation iPad with its lessons
-- converts to 9001, which takes 30,000 won off the 9th and 50,000 won off the 11th generation.
INSERT INTO "sales_methods" ("id", "name", "user_id", "is_active", "to_sales_method_no", "conversion_only") VALUES
  (9001, '새 태블릿 함께 구매 할인', NULL, true, NULL, true),
  (9000, '수업과 새 태블릿 함께 구매', NULL, true, 9001, false)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "sales_policies" ("sales_method_id", "name", "discount_kind", "discount_type", "value", "months", "item_kind", "device_gen")
SELECT 9001, v.name, 'DEVICE_OWNER_DISCOUNT', 'AMOUNT', v.value, NULL, 'DEVICE', v.gen
FROM (VALUES ('수업과 함께 사는 새 iPad 9세대 할인', 30000, '9'), ('수업과 함께 사는 새 iPad 11세대 할인', 50000, '11')) AS v(name, value, gen)
WHERE NOT EXISTS (SELECT 1 FROM "sales_policies" WHERE "sales_method_id" = 9001);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('sales_methods', 'id'), GREATEST((SELECT max("id") FROM "sales_methods"), 9001));
