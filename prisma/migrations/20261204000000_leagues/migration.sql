-- Clubs, seasons, fixtures and ratings (docs/leagues.md), and the private calendar feed's token.
ALTER TABLE "User" ADD COLUMN "calendarTokenHash" TEXT;
CREATE UNIQUE INDEX "User_calendarTokenHash_key" ON "User"("calendarTokenHash");

CREATE TABLE "Club" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  "joinPolicy" TEXT NOT NULL DEFAULT 'request' CHECK ("joinPolicy" IN ('request', 'invite')),
  "createdById" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "ClubMember" (
  "clubId" UUID NOT NULL REFERENCES "Club"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'moderator', 'member')),
  "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("clubId", "userId")
);
CREATE INDEX "ClubMember_userId_idx" ON "ClubMember"("userId");

CREATE TABLE "ClubJoinRequest" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "clubId" UUID NOT NULL REFERENCES "Club"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  message TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "decidedAt" TIMESTAMP(3),
  "decidedById" UUID REFERENCES "User"(id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "ClubJoinRequest_clubId_status_idx" ON "ClubJoinRequest"("clubId", status);
CREATE INDEX "ClubJoinRequest_userId_idx" ON "ClubJoinRequest"("userId");
-- One open request per person and club.
CREATE UNIQUE INDEX "ClubJoinRequest_open_key" ON "ClubJoinRequest"("clubId", "userId") WHERE status = 'open';

CREATE TABLE "ClubInvite" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "clubId" UUID NOT NULL REFERENCES "Club"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('moderator', 'member')),
  "tokenHash" TEXT NOT NULL UNIQUE,
  "invitedById" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expiresAt" TIMESTAMP(3) NOT NULL,
  "acceptedAt" TIMESTAMP(3),
  "acceptedById" UUID REFERENCES "User"(id) ON DELETE SET NULL ON UPDATE CASCADE,
  "revokedAt" TIMESTAMP(3)
);
CREATE INDEX "ClubInvite_clubId_idx" ON "ClubInvite"("clubId");

CREATE TABLE "Season" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "clubId" UUID NOT NULL REFERENCES "Club"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  name TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  scenarios JSONB NOT NULL,
  "scenarioChoice" TEXT NOT NULL DEFAULT 'fixed' CHECK ("scenarioChoice" IN ('fixed', 'rotating', 'random')),
  format TEXT NOT NULL CHECK (format IN ('single', 'double', 'swiss')),
  "swissRounds" INTEGER,
  divisions JSONB NOT NULL,
  points JSONB NOT NULL,
  "tieBreaks" JSONB NOT NULL,
  "phaseHours" INTEGER NOT NULL DEFAULT 24,
  "missedPolicy" TEXT NOT NULL DEFAULT 'forfeit',
  "vacationDays" INTEGER NOT NULL DEFAULT 14,
  "signupDeadline" TIMESTAMP(3),
  "startAt" TIMESTAMP(3),
  "forfeitsRated" BOOLEAN NOT NULL DEFAULT false,
  "membersOnly" BOOLEAN NOT NULL DEFAULT true,
  withdrawal TEXT NOT NULL DEFAULT 'forfeit-rest',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished')),
  round INTEGER NOT NULL DEFAULT 0,
  seed TEXT NOT NULL,
  "seedCommitment" TEXT NOT NULL,
  "createdById" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "startedAt" TIMESTAMP(3),
  "finishedAt" TIMESTAMP(3)
);
CREATE INDEX "Season_clubId_idx" ON "Season"("clubId");
CREATE INDEX "Season_status_idx" ON "Season"(status);

CREATE TABLE "SeasonEntry" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "seasonId" UUID NOT NULL REFERENCES "Season"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  division TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'entered' CHECK (status IN ('entered', 'withdrawn')),
  "weeklyEmail" BOOLEAN NOT NULL DEFAULT true,
  "enteredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "withdrawnAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "SeasonEntry_seasonId_userId_key" ON "SeasonEntry"("seasonId", "userId");
CREATE INDEX "SeasonEntry_userId_idx" ON "SeasonEntry"("userId");

CREATE TABLE "Fixture" (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "seasonId" UUID NOT NULL REFERENCES "Season"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  division TEXT NOT NULL,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  "homeEntryId" UUID NOT NULL REFERENCES "SeasonEntry"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "awayEntryId" UUID REFERENCES "SeasonEntry"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "scenarioId" TEXT,
  "gameId" UUID UNIQUE REFERENCES "Game"(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  "forfeitBy" TEXT CHECK ("forfeitBy" IN ('home', 'away', 'both')),
  "forfeitWhy" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "Fixture_seasonId_division_round_board_key" ON "Fixture"("seasonId", division, round, board);
CREATE INDEX "Fixture_seasonId_round_idx" ON "Fixture"("seasonId", round);

ALTER TABLE "Game" ADD COLUMN "clubId" UUID REFERENCES "Club"(id) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Game" ADD COLUMN "seasonId" UUID REFERENCES "Season"(id) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Game" ADD COLUMN "vacationDays" INTEGER;
CREATE INDEX "Game_clubId_idx" ON "Game"("clubId");
CREATE INDEX "Game_seasonId_idx" ON "Game"("seasonId");

CREATE TABLE "Rating" (
  ruleset TEXT NOT NULL,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  vol DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  "lastGameAt" TIMESTAMP(3) NOT NULL,
  PRIMARY KEY (ruleset, "userId")
);
CREATE INDEX "Rating_ruleset_rating_idx" ON "Rating"(ruleset, rating);

CREATE TABLE "RatingHistory" (
  id BIGSERIAL PRIMARY KEY,
  ruleset TEXT NOT NULL,
  "userId" UUID NOT NULL REFERENCES "User"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  period TIMESTAMP(3) NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  vol DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL
);
CREATE UNIQUE INDEX "RatingHistory_ruleset_userId_period_key" ON "RatingHistory"(ruleset, "userId", period);
CREATE INDEX "RatingHistory_userId_ruleset_idx" ON "RatingHistory"("userId", ruleset);
