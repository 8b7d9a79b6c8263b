-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "deadlineAt" TIMESTAMP(3),
ADD COLUMN     "missedPolicy" TEXT NOT NULL DEFAULT 'pass',
ADD COLUMN     "webhookUrl" TEXT;

-- AlterTable
ALTER TABLE "Outbox" ADD COLUMN     "dedupeKey" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "digest" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "notifyEveryPhase" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "notifyReminders" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyYourPhase" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "reminderHours" INTEGER NOT NULL DEFAULT 6,
ADD COLUMN     "unsubscribedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Notification" (
    "id" BIGSERIAL NOT NULL,
    "outboxId" BIGINT NOT NULL,
    "userId" UUID,
    "gameId" UUID,
    "seat" TEXT,
    "seq" INTEGER,
    "kind" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "messageId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboundMessage" (
    "messageId" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "notificationId" BIGINT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "result" JSONB,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "InboundMessage_pkey" PRIMARY KEY ("messageId")
);

-- CreateTable
CREATE TABLE "CaughtMail" (
    "id" BIGSERIAL NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "raw" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CaughtMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notification_userId_idx" ON "Notification"("userId");

-- CreateIndex
CREATE INDEX "Notification_gameId_idx" ON "Notification"("gameId");

-- CreateIndex
CREATE INDEX "Notification_status_idx" ON "Notification"("status");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_outboxId_toAddress_kind_key" ON "Notification"("outboxId", "toAddress", "kind");

-- CreateIndex
CREATE INDEX "Vacation_userId_idx" ON "Vacation"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Outbox_dedupeKey_key" ON "Outbox"("dedupeKey");


-- hexmail_append, second version: the position may carry the step's deadline ("deadlineAt": an
-- instant, or null to clear it; absent keeps it), and p_outbox may be one row or an array of rows.
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
    INSERT INTO "IdempotencyRecord"("userId", key, "requestHash", status, response)
      VALUES ((p_idempotency->>'userId')::uuid, p_idempotency->>'key', p_idempotency->>'requestHash',
              (p_idempotency->>'status')::int, p_idempotency->'response');
  END IF;
  RETURN (p_position->>'logSeq')::int;
END
$$;
