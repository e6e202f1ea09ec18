-- Issue #16 (Audit): audit_logs becomes append-only and hash-chained (DESIGN.md §10; decision
-- 038, docs/api/audit.md).
-- * seq, prev_hash, hash: each entry's position in the one chain, the hash of the entry before it
--   and its own hash = hex SHA-256 of audit_log_payload(entry) (a canonical JSON array of every
--   column and prev_hash). The first entry's prev_hash is 64 zeros.
-- * The chain is sealed at COMMIT by a deferred constraint trigger that locks the one row of
--   audit_chain_head (FOR UPDATE), so two transactions never fork the chain and the global lock
--   is held only for the commit, whatever else the writing transaction locked before.
-- * UPDATE, DELETE and TRUNCATE on audit_logs are refused; the only update allowed is the
--   sealing trigger filling seq/prev_hash/hash of a row that has none.
-- Existing rows are chained in id order by the backfill below.
ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" varchar(64);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" varchar(64);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_seq_key" ON "audit_logs" USING btree ("seq");
--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target","id");
--> statement-breakpoint
CREATE INDEX "audit_logs_actor_id_idx" ON "audit_logs" USING btree ("actor_user_id","id");
--> statement-breakpoint
CREATE INDEX "audit_logs_created_id_idx" ON "audit_logs" USING btree ("created_at","id");
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- The canonical serialisation an entry's hash is taken over (format v1). Created_at in UTC with
-- microseconds; detail as PostgreSQL's jsonb text (keys sorted, stable across versions).
CREATE FUNCTION audit_log_payload(a audit_logs) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    'v1', a.seq, a.id, a.kind, a.initiator, a.actor_user_id, a.action, a.target, a.detail,
    a.request_id,
    to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    a.prev_hash
  )::text
$$;
--> statement-breakpoint
DO $$
DECLARE
  r audit_logs;
  prev varchar(64) := repeat('0', 64);
  n bigint := 0;
  h varchar(64);
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    h := encode(sha256(convert_to(audit_log_payload(r), 'UTF8')), 'hex');
    UPDATE audit_logs SET seq = n, prev_hash = prev, hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
  INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, n, prev);
END
$$;
--> statement-breakpoint
-- New rows start unsealed whatever the writer sent: only the sealing trigger sets the chain.
CREATE FUNCTION audit_logs_unsealed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_unsealed BEFORE INSERT ON audit_logs
FOR EACH ROW EXECUTE FUNCTION audit_logs_unsealed();
--> statement-breakpoint
-- Runs at COMMIT (deferred), once per inserted row in insertion order.
CREATE FUNCTION audit_logs_seal() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
  r audit_logs;
  h varchar(64);
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  SELECT * INTO r FROM audit_logs WHERE id = NEW.id;
  IF NOT FOUND OR r.hash IS NOT NULL THEN
    RETURN NULL;
  END IF;
  r.seq := head.seq + 1;
  r.prev_hash := head.hash;
  h := encode(sha256(convert_to(audit_log_payload(r), 'UTF8')), 'hex');
  PERFORM set_config('seoltab.audit_sealing', 'on', true);
  UPDATE audit_logs SET seq = r.seq, prev_hash = r.prev_hash, hash = h WHERE id = r.id;
  PERFORM set_config('seoltab.audit_sealing', 'off', true);
  UPDATE audit_chain_head SET seq = r.seq, hash = h WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_seal AFTER INSERT ON audit_logs
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION audit_logs_seal();
--> statement-breakpoint
CREATE FUNCTION audit_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND current_setting('seoltab.audit_sealing', true) = 'on'
    AND OLD.hash IS NULL
    AND (NEW.id, NEW.kind, NEW.initiator, NEW.actor_user_id, NEW.action, NEW.target, NEW.detail,
         NEW.request_id, NEW.created_at)
      IS NOT DISTINCT FROM
        (OLD.id, OLD.kind, OLD.initiator, OLD.actor_user_id, OLD.action, OLD.target, OLD.detail,
         OLD.request_id, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP
    USING ERRCODE = 'P0001', HINT = 'audit entries are never changed or removed (issue 16)';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
--> statement-breakpoint
-- The CSV exports page payments and refund requests newest first by (created_at, id).
CREATE INDEX "payments_created_id_idx" ON "payments" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "refund_requests_created_id_idx" ON "refund_requests" USING btree ("created_at","id");
