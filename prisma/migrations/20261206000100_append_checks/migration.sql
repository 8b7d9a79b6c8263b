-- hexmail_append, fifth version: as the fourth (20261201105000_sealed_log), and the position may name
-- what else the writer's decision rested on, each checked in the same statement as the position:
--   prevHash      the log's head hash as the writer read it (the new entries chain from it);
--   rulesVersion  the game's rules version as the writer read it;
--   playable      the game is ACTIVE and not paused;
--   holder        {seat, userId}: the seat is still that user's.
-- The order path may decide from the game's row as its process last wrote it (src/games/orders.ts):
-- where any of these changed behind it (a moderator, an operator's edit), nothing is written (-1) and
-- the order is decided again on the row read fresh.
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
  WHERE id = p_game AND "logSeq" = p_expected
    AND (NOT p_position ? 'prevHash' OR "lastHash" = p_position->>'prevHash')
    AND (NOT p_position ? 'rulesVersion' OR "rulesVersion" = p_position->>'rulesVersion')
    AND (NOT p_position ? 'playable' OR (status = 'ACTIVE' AND "pausedAt" IS NULL))
    AND (NOT p_position ? 'holder' OR EXISTS (
          SELECT 1 FROM "Seat" s
           WHERE s."gameId" = p_game AND s.seat = p_position->'holder'->>'seat'
             AND s."userId" = (p_position->'holder'->>'userId')::uuid));
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
