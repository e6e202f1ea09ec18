-- The paid tablets, indexed (issue 19 performance). Every order asks whether the student bought
-- a tablet from us that is still theirs (DEVICE_OWNER_DISCOUNT, `ownsPurchasedTablet`): a DEVICE
-- line in state PAID with a price. Without this index the question read every line of every
-- order of the student (one heap fetch per order): 1.7 ms per checkout for a student with about
-- 2,600 orders, 44 % of PostgreSQL's statement time in the checkout bench. Only the lines that
-- answer it are indexed; a refund (state REFUNDED) takes a line out again.
CREATE INDEX IF NOT EXISTS "payment_items_paid_device_idx" ON "payment_items" USING btree ("payment_id") WHERE "item_kind" = 'DEVICE' AND "state" = 'PAID' AND "paid_price" > 0;
