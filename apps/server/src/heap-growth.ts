import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How much garbage the server lets pile up before a full collection (main.ts, at start).
 *
 * V8 sets the old generation's next limit at the live heap times a factor it picks from its own
 * speed, up to about 4. A server keeps ~90 MiB live (its modules' code and sources), and under 50
 * concurrent requests the objects of requests in flight survive two scavenges and are promoted: the
 * heap then climbs to ~330 MiB of mostly garbage before V8 collects it, and the process to ~500 MiB
 * resident (bench `endpoints`, docs/benchmarks.md). With the factor fixed at 1 + percent/100 it is
 * collected at ~2x the live heap instead: the same work, a few more full collections (they mark
 * concurrently; the bench saw no loss of throughput), and a resident size an operator can plan for
 * (docs/operations.md "Sizing"). 0 leaves V8's own rule.
 *
 * The flag is read each time V8 sets a new limit, so setting it after start takes effect at the
 * next full collection; `collectAfterStart` makes that happen before the first request.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}

/**
 * One full collection once the server is up. Until its first full collection V8 keeps the limit it
 * started with, not one from the factor above: the first burst of load would climb to it (the
 * bench saw ~440 MiB resident) before the factor applies. Start-up's own garbage (module loading,
 * migrations, seeds) goes with it. `gc` is reachable only through a context made after the flag.
 */
export function collectAfterStart(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  // Contexts made from here on get no `gc` again.
  v8.setFlagsFromString('--no-expose-gc');
  gc();
}
