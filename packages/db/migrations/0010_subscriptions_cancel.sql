ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_initiator" varchar(16);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_by_user_id" integer;--> statement-breakpoint
-- Repair (issue #11 item 1): before this migration a refund never ended a subscription, so a
-- family whose lecture was refunded kept being charged each month. Every subscription that is
-- not CANCELLED yet although one of its payments (the first one or a renewal) is TOTALLY_REFUNDED
-- or has a REFUNDED lecture line is cancelled now (reason REFUNDED, initiator AUTO), and one
-- audit entry per repaired subscription lists the renewals that were PAID after the first such
-- refund, so staff can refund them (they must go through the gateway, which SQL cannot call).
WITH refunded AS (
  SELECT s.id AS subscription_id,
         min(coalesce(r.decided_at, p.updated_at)) AS refunded_at
  FROM subscriptions s
  JOIN payments p ON (p.id = s.first_payment_id OR p.subscription_id = s.id)
  LEFT JOIN refund_requests r ON r.payment_id = p.id AND r.state = 'REFUNDED'
  WHERE s.status <> 'CANCELLED'
    AND (
      p.state = 'TOTALLY_REFUNDED'
      OR EXISTS (
        SELECT 1 FROM payment_items i
        WHERE i.payment_id = p.id AND i.item_kind = 'LECTURE' AND i.state = 'REFUNDED'
      )
    )
  GROUP BY s.id
),
repaired AS (
  UPDATE subscriptions s
  SET status = 'CANCELLED',
      cancelled_at = now(),
      cancel_reason = 'REFUNDED',
      cancel_initiator = 'AUTO'
  FROM refunded
  WHERE s.id = refunded.subscription_id
  RETURNING s.id, s.user_id, refunded.refunded_at
)
INSERT INTO audit_logs (kind, initiator, action, target, detail)
SELECT 'EXECUTION', 'AUTO', 'subscription_cancelled', 'subscription:' || repaired.id,
       jsonb_build_object(
         'subscriptionId', repaired.id,
         'userId', repaired.user_id,
         'reason', 'REFUNDED',
         'repair', '0010_subscriptions_cancel',
         'paidAfterRefund', coalesce((
           SELECT jsonb_agg(p.id ORDER BY p.id)
           FROM payments p
           WHERE p.subscription_id = repaired.id
             AND p.state = 'PAID'
             AND p.completed_at > repaired.refunded_at
         ), '[]'::jsonb)
       )
FROM repaired;
