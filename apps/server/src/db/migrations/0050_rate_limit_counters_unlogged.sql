-- Issue 25 §2: the public forms' rate-limit counters are written on every public request (one upsert
-- each). They are worth nothing after a crash (a window of at most a minute starts again), so they
-- skip the write-ahead log: no WAL record and no flush per public request. PostgreSQL empties an
-- unlogged table after a crash and does not copy it to standbys; after a failover the limits
-- start from zero, which is what a restart of an in-memory limiter does.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
