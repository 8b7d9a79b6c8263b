-- The language of a player's emails (and, later, of narration and order errors): en or ja.
ALTER TABLE "User" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
