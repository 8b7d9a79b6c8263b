-- One order in one statement: the game moves from position p_expected to the new one only if no
-- other writer moved it first (optimistic concurrency: a lost race changes nothing and returns -1);
-- the log entries, the outbox row, a snapshot and the idempotency record go in with it, atomically.
CREATE FUNCTION hexmail_append(p_game uuid, p_expected int, p_entries jsonb, p_position jsonb,
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
    "finishedAt" = COALESCE((p_position->>'finishedAt')::timestamp, "finishedAt")
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
    INSERT INTO "Outbox"("gameId", kind, payload) VALUES (p_game, p_outbox->>'kind', p_outbox->'payload');
  END IF;
  IF p_snapshot IS NOT NULL THEN
    INSERT INTO "Snapshot"("gameId", seq, state) VALUES (p_game, (p_snapshot->>'seq')::int, p_snapshot->'state')
      ON CONFLICT DO NOTHING;
  END IF;
  IF p_idempotency IS NOT NULL THEN
    INSERT INTO "IdempotencyRecord"("userId", key, "requestHash", status, response)
      VALUES ((p_idempotency->>'userId')::uuid, p_idempotency->>'key', p_idempotency->>'requestHash',
              (p_idempotency->>'status')::int, p_idempotency->'response');
  END IF;
  RETURN (p_position->>'logSeq')::int;
END
$$;
