-- The campaign season format (docs/campaigns.md): a rule system's teams keep money, units and crews from one
-- game ("show") to the next. The season's settings, where it stands (a maintenance period or a show), and
-- its own append-only, hash-chained log, of which every team is the fold.
ALTER TABLE "Season" DROP CONSTRAINT "Season_format_check";
ALTER TABLE "Season" ADD CONSTRAINT "Season_format_check" CHECK (format IN ('single', 'double', 'swiss', 'campaign'));
ALTER TABLE "Season" ADD COLUMN "campaign" JSONB;
-- A campaign has its settings, and only a campaign has them.
ALTER TABLE "Season" ADD CONSTRAINT "Season_campaign_check" CHECK ((format = 'campaign') = ("campaign" IS NOT NULL));
ALTER TABLE "Season" ADD COLUMN "stage" TEXT CHECK ("stage" IN ('maintenance', 'show'));
ALTER TABLE "Season" ADD COLUMN "stageEndsAt" TIMESTAMP(3);
ALTER TABLE "Season" ADD COLUMN "logSeq" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Season" ADD COLUMN "lastHash" TEXT NOT NULL DEFAULT '';

CREATE TABLE "SeasonLogEntry" (
    "seasonId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('START', 'PERIOD', 'ACTIONS', 'SHOW', 'SETTLED', 'CLOSED')),
    "round" INTEGER NOT NULL,
    "entryId" UUID,
    "userId" UUID,
    "payload" JSONB NOT NULL,
    "rolls" JSONB NOT NULL,
    "idempotencyKey" TEXT,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SeasonLogEntry_pkey" PRIMARY KEY ("seasonId", "seq"),
    CONSTRAINT "SeasonLogEntry_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "SeasonLogEntry_seasonId_entryId_idx" ON "SeasonLogEntry"("seasonId", "entryId");
CREATE UNIQUE INDEX "SeasonLogEntry_seasonId_entryId_idempotencyKey_key" ON "SeasonLogEntry"("seasonId", "entryId", "idempotencyKey");
-- The show's game of a campaign round: the season finds it to settle the show when it ends.
ALTER TABLE "Game" ADD COLUMN "seasonRound" INTEGER;
