ALTER TABLE "accounts" ADD COLUMN "is_authority_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now one airport's administrators ran the whole deployment: they keep doing so.
UPDATE "accounts" SET "is_authority_admin" = true WHERE "is_admin" AND "is_internal";
