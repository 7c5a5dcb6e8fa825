import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from './jobs';

export interface BatchedSender {
  /** Ask for work on these ids; they go out with the others asked for in the same short window. */
  add(ids: readonly string[]): void;
  /** Send what is waiting now (on shutdown, and in tests that look at the queue). */
  flush(): Promise<void>;
}

/**
 * Many small requests for the same job, made close together (each payment's receipt PDF, asked
 * for after its request commits), become ONE job per window instead of one `jobs.send` per
 * request: a busy server saves a database round trip per request and its worker handles the ids
 * as one set. The ids are deduplicated within a window.
 *
 * Only for work whose loss is harmless: a crash inside the window loses its ids (the receipt
 * e-mails they were for go out after their hold without the PDF, and the PDF is rendered on
 * demand). The job must also tolerate ids it has already handled.
 */
export function createBatchedSender(
  jobs: Pick<Jobs, 'send'>,
  name: string,
  toData: (ids: string[]) => object,
  options: { log: FastifyBaseLogger; windowMs?: number; maxIds?: number },
): BatchedSender {
  const windowMs = options.windowMs ?? 100;
  const maxIds = options.maxIds ?? 200;
  let waiting = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (waiting.size === 0) return;
    const ids = [...waiting];
    waiting = new Set();
    try {
      await jobs.send(name, toData(ids));
    } catch (error) {
      options.log.warn({ err: error, job: name, ids: ids.length }, 'could not queue a batched job');
    }
  }

  return {
    add(ids) {
      for (const id of ids) waiting.add(id);
      if (waiting.size >= maxIds) void flush();
      else if (waiting.size > 0 && !timer) {
        timer = setTimeout(() => void flush(), windowMs);
        // A pending window never keeps the process alive; shutdown flushes it (see its owner).
        timer.unref();
      }
    },
    flush,
  };
}
