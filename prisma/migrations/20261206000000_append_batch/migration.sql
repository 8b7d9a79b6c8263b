-- Group commit (src/store/games.ts AppendBatcher): several games' appends in one statement, so one
-- transaction and one WAL flush. Each item is hexmail_append's own optimistic write: the result is its
-- new position, or -1 where another writer moved that game first (only that item is then not written).
-- The caller orders the items by game, so concurrent batches lock "Game" rows in one order.
CREATE FUNCTION hexmail_append_many(p_batch jsonb)
RETURNS int[] LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  results int[] := '{}';
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p_batch) LOOP
    results := results || hexmail_append(
      (item->>'game')::uuid,
      (item->>'expected')::int,
      item->'entries',
      item->'position',
      NULLIF(item->'outbox', 'null'::jsonb),
      NULLIF(item->'snapshot', 'null'::jsonb),
      NULLIF(item->'idempotency', 'null'::jsonb));
  END LOOP;
  RETURN results;
END
$$;
