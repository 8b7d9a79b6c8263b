-- Moderation (docs/moderation.md): CORRECTION log entries, a game's optional game master, pauses,
-- disputes with their messages and rulings, and corrections players propose to each other.
ALTER TYPE "LogKind" ADD VALUE 'CORRECTION';

ALTER TABLE "Game" ADD COLUMN "gameMasterId" UUID REFERENCES "User"(id) ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Game" ADD COLUMN "pausedAt" TIMESTAMP(3);
CREATE INDEX "Game_gameMasterId_idx" ON "Game"("gameMasterId");

CREATE TABLE "Dispute" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "gameId" UUID NOT NULL REFERENCES "Game"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  seq INTEGER NOT NULL,
  "raisedById" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ruling TEXT,
  "rulingReason" TEXT,
  "ruledById" UUID REFERENCES "User"(id) ON DELETE SET NULL ON UPDATE CASCADE,
  "ruledAt" TIMESTAMP(3),
  "correctionSeq" INTEGER
);
CREATE INDEX "Dispute_gameId_seq_idx" ON "Dispute"("gameId", seq);
CREATE INDEX "Dispute_status_createdAt_idx" ON "Dispute"(status, "createdAt");

CREATE TABLE "DisputeMessage" (
  id BIGSERIAL PRIMARY KEY,
  "disputeId" UUID NOT NULL REFERENCES "Dispute"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  text TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "DisputeMessage_disputeId_idx" ON "DisputeMessage"("disputeId", id);

CREATE TABLE "CorrectionProposal" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "gameId" UUID NOT NULL REFERENCES "Game"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "proposedById" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  seat TEXT NOT NULL,
  "atSeq" INTEGER NOT NULL,
  kind TEXT NOT NULL,
  params JSONB NOT NULL,
  reason TEXT NOT NULL,
  "disputeId" UUID REFERENCES "Dispute"(id) ON DELETE SET NULL ON UPDATE CASCADE,
  status TEXT NOT NULL DEFAULT 'open',
  answers JSONB NOT NULL DEFAULT '{}',
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "decidedAt" TIMESTAMP(3),
  "correctionSeq" INTEGER
);
CREATE INDEX "CorrectionProposal_gameId_status_idx" ON "CorrectionProposal"("gameId", status);
