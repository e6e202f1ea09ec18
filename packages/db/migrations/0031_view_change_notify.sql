-- Read cache invalidation (issue 19 performance; apps/api/src/platform/view-cache.ts).
-- Every statement that writes a table read by a cached view (getUserInfo, userPayments) sends
-- NOTIFY view_changed with the table's name at commit (nothing on rollback; PostgreSQL sends one
-- per distinct payload per transaction). Every server process LISTENs and empties its cache.
-- VIEW_CHANGE_TABLES in view-cache.ts lists the same tables; a test compares them with pg_trigger.
CREATE FUNCTION "notify_view_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('view_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "parent_children_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parent_children" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "billing_cards_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_cards" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "payment_items_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "payment_item_devices_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_item_devices" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "refund_requests_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "refund_requests" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "lectures_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lectures" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_requests_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_requests" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_view_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION "notify_view_changed"();
