-- A season may follow an earlier one of its club (docs/leagues.md, "Promotion and relegation"): a player
-- of that season enters this one in the division its final table sends them to.
ALTER TABLE "Season" ADD COLUMN "previousSeasonId" UUID REFERENCES "Season"(id) ON DELETE SET NULL ON UPDATE CASCADE;
