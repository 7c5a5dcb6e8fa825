import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file gets its own database clone, so files may run side by side: one fork per core.
    // (Vitest's default is one fewer worker than CPUs: a single worker on a 2-core CI machine,
    // which left one core idle while PGlite kept the other busy.)
    pool: 'forks',
    // A fork keeps its imported modules from file to file instead of importing the whole app again
    // for each of the ~80 files (about 3 s each): every file builds its own app on its own
    // database, and there is no module-level state to share: each app holds its own (ctx.plugins,
    // closures; lint: apron-state/no-module-state; test/plugins-per-app.test.ts).
    isolate: false,
    // On PostgreSQL a file spends much of its time waiting on the server (CREATE DATABASE from the
    // template, commits): two forks left the two cores 30-70 % idle, so one more fork fills them.
    // Three stay well under PostgreSQL's 100 connections (a file's app takes 5 + 3 platform ones).
    maxWorkers: Math.max(2, availableParallelism()) + (process.env.DATABASE_URL ? 1 : 0),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
