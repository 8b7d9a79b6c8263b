-- Messages between the players of a game (docs/messages.md): kept with the game, never in its log.
-- A message is for everyone in the game (ALL) or for one side (SIDE, `side` names it). A retried post
-- or a re-delivered email reply carries the same idempotency key and is stored once.
ALTER TABLE "User" ADD COLUMN "notifyMessages" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "GameMessage" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "gameId" UUID NOT NULL REFERENCES "Game"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "authorId" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  seat TEXT,
  "authorSide" TEXT,
  audience TEXT NOT NULL CHECK (audience IN ('ALL', 'SIDE')),
  side TEXT,
  body TEXT NOT NULL,
  "atSeq" INTEGER NOT NULL,
  "idempotencyKey" TEXT,
  "requestHash" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CHECK ((audience = 'SIDE') = (side IS NOT NULL))
);
CREATE INDEX "GameMessage_gameId_createdAt_id_idx" ON "GameMessage"("gameId", "createdAt", id);
CREATE UNIQUE INDEX "GameMessage_gameId_authorId_idempotencyKey_key"
  ON "GameMessage"("gameId", "authorId", "idempotencyKey");
