-- Issue 9: salted commitments in the log, sealed snapshots that cannot be edited in place.

-- Each entry's secret salt (docs/verification.md); entries written before this migration have none.
ALTER TABLE "LogEntry" ADD COLUMN "salt" TEXT;

-- The head each snapshot folds up to, and the server's seal over it.
ALTER TABLE "Snapshot" ADD COLUMN "hash" TEXT;
ALTER TABLE "Snapshot" ADD COLUMN "seal" TEXT;

CREATE FUNCTION snapshot_is_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'snapshots are insert-only: % on "Snapshot" is refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER snapshot_insert_only
  BEFORE UPDATE OR DELETE ON "Snapshot"
  FOR EACH ROW EXECUTE FUNCTION snapshot_is_insert_only();

CREATE TRIGGER snapshot_no_truncate
  BEFORE TRUNCATE ON "Snapshot"
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot_is_insert_only();

-- hexmail_append, fourth version: as the third (20261201100000_idempotency_per_game), and entries
-- carry their salt, snapshots their head hash and seal.
CREATE OR REPLACE FUNCTION hexmail_append(p_game uuid, p_expected int, p_entries jsonb, p_position jsonb,
                                          p_outbox jsonb, p_snapshot jsonb, p_idempotency jsonb)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  moved int;
BEGIN
  UPDATE "Game" SET
    "logSeq" = (p_position->>'logSeq')::int,
    "lastHash" = p_position->>'lastHash',
    pending = p_position->'pending',
    status = (p_position->>'status')::"GameStatus",
    outcome = COALESCE(p_position->'outcome', outcome),
    "finishedAt" = COALESCE((p_position->>'finishedAt')::timestamp, "finishedAt"),
    "deadlineAt" = CASE WHEN p_position ? 'deadlineAt' THEN (p_position->>'deadlineAt')::timestamp ELSE "deadlineAt" END
  WHERE id = p_game AND "logSeq" = p_expected;
  GET DIAGNOSTICS moved = ROW_COUNT;
  IF moved = 0 THEN
    RETURN -1;
  END IF;
  INSERT INTO "LogEntry"("gameId", seq, kind, seat, "userId", payload, "createdAt", "prevHash", hash, salt)
    SELECT p_game, (e->>'seq')::int, (e->>'kind')::"LogKind", e->>'seat', (e->>'userId')::uuid, e->'payload',
           (e->>'createdAt')::timestamp, e->>'prevHash', e->>'hash', e->>'salt'
    FROM jsonb_array_elements(p_entries) AS e;
  IF p_outbox IS NOT NULL THEN
    INSERT INTO "Outbox"("gameId", kind, payload, "dedupeKey")
      SELECT p_game, o->>'kind', o->'payload', o->>'dedupeKey'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_outbox) = 'array' THEN p_outbox ELSE jsonb_build_array(p_outbox) END) AS o
      ON CONFLICT ("dedupeKey") DO NOTHING;
  END IF;
  IF p_snapshot IS NOT NULL THEN
    INSERT INTO "Snapshot"("gameId", seq, state, hash, seal)
      VALUES (p_game, (p_snapshot->>'seq')::int, p_snapshot->'state', p_snapshot->>'hash', p_snapshot->>'seal')
      ON CONFLICT DO NOTHING;
  END IF;
  IF p_idempotency IS NOT NULL THEN
    INSERT INTO "IdempotencyRecord"("gameId", "userId", key, "requestHash", status, response)
      VALUES (p_game, (p_idempotency->>'userId')::uuid, p_idempotency->>'key', p_idempotency->>'requestHash',
              (p_idempotency->>'status')::int, p_idempotency->'response');
  END IF;
  RETURN (p_position->>'logSeq')::int;
END
$$;
