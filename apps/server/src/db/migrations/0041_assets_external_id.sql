-- Issue 23: an imported asset keeps its id in the old register; re-importing it updates the asset.
ALTER TABLE "assets" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_external_id_idx" ON "assets" USING btree ("airport_id","external_id") WHERE "assets"."external_id" is not null;