-- The mail catcher keeps what /dev/mail.json filters on and shows (the kind of email, its log position,
-- its Reply-To) beside each message, so a page of the list never reads the messages themselves.
ALTER TABLE "CaughtMail" ADD COLUMN "kind" TEXT,
ADD COLUMN "position" INTEGER,
ADD COLUMN "replyTo" TEXT;

-- Mail caught before: the same three, read from its header block (unfolded).
UPDATE "CaughtMail" c SET kind = h.kind, position = h.position, "replyTo" = h.reply
  FROM (
    SELECT id,
           (regexp_match(head, '(?:^|\n)X-Hexmail-Kind:[ \t]*([^\r\n]+)', 'i'))[1] AS kind,
           ((regexp_match(head, '(?:^|\n)X-Hexmail-Position:[ \t]*([0-9]{1,9})[ \t]*(?:\r?\n|$)', 'i'))[1])::int AS position,
           (regexp_match(head, '(?:^|\n)Reply-To:[ \t]*(?:[^<\r\n]*<)?([^<>\s]+)', 'i'))[1] AS reply
      FROM (SELECT id, regexp_replace(split_part(convert_from(substring(raw from 1 for 16384), 'LATIN1'), E'\r\n\r\n', 1), '\r?\n[ \t]+', ' ', 'g') AS head
              FROM "CaughtMail") AS headers
  ) AS h
 WHERE c.id = h.id;

-- CreateIndex
CREATE INDEX "CaughtMail_kind_position_idx" ON "CaughtMail"("kind", "position");
