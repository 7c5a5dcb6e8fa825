-- Extensions the schema relies on: btree_gist for exclusion constraints (no overlapping
-- leases), pg_trgm for fast text search in grids.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
