-- An Idempotency-Key belongs to one game: the same key sent to two games is two requests. Before,
-- the second game's record collided with the first's primary key (userId, key): a 500.
ALTER TABLE "IdempotencyRecord" ADD COLUMN "gameId" UUID;

-- Existing records: hexmail_append wrote each one in the same statement as its game's log entries,
-- so the entry with the same inserting transaction (xmin) and user names the game. A record with no
-- such entry (only possible after a dump and restore) guarded the retry of an old request: dropped.
UPDATE "IdempotencyRecord" r SET "gameId" = e."gameId"
  FROM (SELECT DISTINCT xmin::text AS tx, "userId", "gameId" FROM "LogEntry" WHERE "userId" IS NOT NULL) e
  WHERE e.tx = r.xmin::text AND e."userId" = r."userId";
DELETE FROM "IdempotencyRecord" WHERE "gameId" IS NULL;

ALTER TABLE "IdempotencyRecord" ALTER COLUMN "gameId" SET NOT NULL;
ALTER TABLE "IdempotencyRecord" DROP CONSTRAINT "IdempotencyRecord_pkey";
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("gameId", "userId", "key");

-- hexmail_append, third version: identical to the second (20261129180000_notifications) except that
-- the idempotency record is written with its game, p_game.
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
  INSERT INTO "LogEntry"("gameId", seq, kind, seat, "userId", payload, "createdAt", "prevHash", hash)
    SELECT p_game, (e->>'seq')::int, (e->>'kind')::"LogKind", e->>'seat', (e->>'userId')::uuid, e->'payload',
           (e->>'createdAt')::timestamp, e->>'prevHash', e->>'hash'
    FROM jsonb_array_elements(p_entries) AS e;
  IF p_outbox IS NOT NULL THEN
    INSERT INTO "Outbox"("gameId", kind, payload, "dedupeKey")
      SELECT p_game, o->>'kind', o->'payload', o->>'dedupeKey'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_outbox) = 'array' THEN p_outbox ELSE jsonb_build_array(p_outbox) END) AS o
      ON CONFLICT ("dedupeKey") DO NOTHING;
  END IF;
  IF p_snapshot IS NOT NULL THEN
    INSERT INTO "Snapshot"("gameId", seq, state) VALUES (p_game, (p_snapshot->>'seq')::int, p_snapshot->'state')
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
