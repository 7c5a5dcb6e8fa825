/** Command line of `npm run bench -- [scenario...] [--size N] [--connections N] [--duration S]`. */
export interface BenchOptions {
  scenarios: string[];
  size: number | undefined;
  connections: number;
  duration: number;
  warmup: number;
  /** Requests per second over all connections (autocannon overallRate); 0 = as fast as answered. */
  rate: number;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Skip `vacuum analyze` after seeding (measure freshly bulk-loaded tables). */
  noVacuum: boolean;
  /** Whether --duration / --warmup were given (a scenario with short loads of its own keeps them then). */
  explicit: { duration: boolean; warmup: boolean };
  help: boolean;
}

const USAGE = `Usage: npm run bench -- [scenario ...] [options]

Scenarios: access, settings-grid, listings, property-grid, agreements-grid, company-agreements,
           invoices-grid, invoices-grid-10-airports, pay-from-balance, waitlist-grid, chat-poll,
           cycle-run, cycle-run-10-airports, reports, assets, endpoints, startup, first-load, first-text
           (default: all; first-load and first-text measure a running demo server at $BENCH_WEB_URL when set)

Options:
  --size N           rows to seed (access: accounts with a live session; settings-grid: document
                     types; listings, property-grid: properties; agreements-grid,
                     company-agreements: agreements; invoices-grid: invoices with 5 lines
                     each; invoices-grid-10-airports: the same at each of 10 airports;
                     pay-from-balance: unpaid lines per server; cycle-run, cycle-run-10-airports:
                     monthly agreements (in all); waitlist-grid: applicants; chat-poll: open conversations;
                     endpoints: generated invoices on top of the demo).
                     Default per scenario (500 to 200000).
  --connections N    concurrent HTTP connections (default 50)
  --duration S       seconds of measured load per server (default 10; endpoints: 6 per case)
  --warmup S         seconds of unmeasured load first (default 2; endpoints: 1 per case)
  --rate R           send R requests per second in all (a real demand, e.g. chat-poll's 525
                     clients every 5 s = 105) instead of as many as the server answers; compare
                     latency then, not throughput (default 0: unlimited)
  --database-url URL run on this PostgreSQL (a scratch database is created and dropped);
                     defaults to $DATABASE_URL, else a fresh PGlite data dir under bench/.data
  --log-level L      the app's LOG_LEVEL during load (default warn)
  --no-vacuum        skip the \`vacuum analyze\` after seeding (freshly bulk-loaded tables)
  --help`;

export function usage(): string {
  return USAGE;
}

export function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    scenarios: [],
    size: undefined,
    connections: 50,
    duration: 10,
    warmup: 2,
    rate: 0,
    databaseUrl: process.env.DATABASE_URL || undefined,
    logLevel: 'warn',
    noVacuum: false,
    explicit: { duration: false, warmup: false },
    help: false,
  };
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (!value || !Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number, got '${value ?? ''}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--size': options.size = number(flag, value()); break;
      case '--connections': options.connections = number(flag, value()); break;
      case '--duration': options.duration = number(flag, value()); options.explicit.duration = true; break;
      case '--warmup': options.warmup = number(flag, value()); options.explicit.warmup = true; break;
      case '--rate': options.rate = number(flag, value()); break;
      case '--database-url': options.databaseUrl = value(); break;
      case '--log-level': options.logLevel = value() ?? 'warn'; break;
      case '--no-vacuum': options.noVacuum = true; break;
      case '--help': case '-h': options.help = true; break;
      default:
        if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
        options.scenarios.push(arg);
    }
  }
  return options;
}
