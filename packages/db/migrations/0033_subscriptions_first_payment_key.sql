-- One subscription per first payment, kept by the database (issue 19 performance: the checkout
-- inserted a subscription after a select that looked for one; now one INSERT … ON CONFLICT DO
-- NOTHING). Every subscription so far was inserted that way, in the paying transaction that
-- holds the payment's row lock, so there are no duplicates to clear. Subscriptions without a
-- first payment (NULL) are not constrained, as before.
DROP INDEX IF EXISTS "subscriptions_first_payment_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_first_payment_key" ON "subscriptions" USING btree ("first_payment_id");
