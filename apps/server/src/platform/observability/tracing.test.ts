import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { eventually } from '../../../test/smtp-sink';
import type { Database } from '../../db/client';
import { startTracing } from './tracing';

describe('tracing off', () => {
  it('starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(startTracing({})).toBeNull();
    expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeNull();
  });
});

/** An OTLP/HTTP span as the JSON encoding sends it (only what the test reads). */
interface OtlpSpan {
  traceId: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface OtlpExport {
  resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}
const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const url = process.env.DATABASE_URL;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The real server process (src/main.ts, as `npm start` runs it) with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a local OTLP/HTTP receiver. PostgreSQL only: the SQL spans are node-postgres's.
 */
describe.skipIf(!url)('tracing on (PostgreSQL: spans of node-postgres)', () => {
  let database: Database;
  let collector: http.Server;
  let server: ChildProcess;
  let serverPort: number;
  const spans: OtlpSpan[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-tracing-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const name = String((await database.query('select current_database() as name')).rows[0]!.name);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;
    collector = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
          for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as net.AddressInfo).port;
    serverPort = await freePort();
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    server = spawn(process.execPath, [tsx, 'src/main.ts'], {
      cwd: serverRoot,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        SESSION_SECRET: 'test-secret-test-secret-test-secret!',
        LOG_LEVEL: 'silent',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_SERVICE_NAME: 'apron-test',
        // Export every 100 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    await eventually(async () => (await fetch(`http://127.0.0.1:${serverPort}/api/health`).catch(() => null))?.status === 200, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => (collector ? collector.close(() => resolve()) : resolve()));
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('exports a span for an HTTP request and, in the same trace, one for its SQL', async () => {
    const res = await fetch(`http://127.0.0.1:${serverPort}/api/health`, { headers: { 'x-request-id': 'tracing-test' } });
    expect(res.status).toBe(200);
    let request: OtlpSpan | undefined;
    let query: OtlpSpan | undefined;
    const sqlOf = (span: OtlpSpan) => attribute(span, 'db.query.text') ?? attribute(span, 'db.statement');
    await eventually(async () => {
      const health = spans.filter((span) => span.kind === SPAN_KIND_SERVER && (attribute(span, 'http.target') ?? attribute(span, 'url.path')) === '/api/health');
      request = health.at(-1);
      // The route's `select 1`, in the request's trace: the SQL ran in the request's context.
      query = request && spans.find((span) => span.traceId === request!.traceId && span.kind === SPAN_KIND_CLIENT && sqlOf(span) === 'select 1');
      return Boolean(query);
    }, 20_000);
    expect(request?.name).toMatch(/^GET/);
    expect(query?.name).toMatch(/^pg\.query/);
    expect(attribute(query!, 'db.system.name') ?? attribute(query!, 'db.system')).toBe('postgresql');
  }, 30_000);
});
