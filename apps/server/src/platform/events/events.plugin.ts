import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { MAIL_DELIVERY_JOB } from '../mail/delivery';
import { EVENTS_DISPATCH_JOB, EVENTS_PER_DISPATCH_RUN, createEventDispatch, publishedEventCount } from './events';

/**
 * The dispatch job: every minute (the safety net, and what picks up retries), and nudged right
 * after a response whose request published events, so a rule's e-mail leaves within seconds.
 * The nudge is only a hint: pg-boss keeps one waiting nudge (singleton key) and the cron finds
 * everything anyway, on any instance.
 */
/** How long published events wait for the dispatch nudge (one per window per instance). */
const NUDGE_WINDOW_MS = 250;

export function registerEventDispatch(app: FastifyInstance, ctx: AppContext): void {
  const dispatcher = createEventDispatch({ database: ctx.database, db: ctx.db, log: ctx.log });
  const run = async () => {
    const result = await dispatcher.dispatch();
    // Handlers queue e-mails; send them now rather than at the mail job's next minute.
    if (result.processed > 0) await ctx.jobs.send(MAIL_DELIVERY_JOB).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not nudge mail delivery'));
    // A full run (a monthly invoice cycle publishes thousands at once): ask for the next batch now
    // rather than at the next minute. Its own key, so a running nudge does not refuse it; the
    // minute cron remains the net if the queue refuses it anyway.
    if (result.processed + result.retrying >= EVENTS_PER_DISPATCH_RUN) {
      await ctx.jobs.send(EVENTS_DISPATCH_JOB, {}, { singletonKey: 'continue' }).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not continue event dispatch'));
    }
  };
  ctx.jobs.schedule(EVENTS_DISPATCH_JOB, '* * * * *', run, { expireInSeconds: 5 * 60 });

  // At most one nudge per NUDGE_WINDOW_MS per instance: under load (an event per payment) a nudge
  // per response would add a queue insert to every request; a window later is soon enough.
  let seen = publishedEventCount();
  let nudge: NodeJS.Timeout | null = null;
  app.addHook('onResponse', async () => {
    const now = publishedEventCount();
    if (now === seen || nudge || !ctx.jobs.started) return;
    seen = now;
    nudge = setTimeout(() => {
      nudge = null;
      void ctx.jobs.send(EVENTS_DISPATCH_JOB, {}, { singletonKey: 'nudge' }).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not nudge event dispatch'));
    }, NUDGE_WINDOW_MS);
    // A waiting nudge never keeps the process alive; the minute cron is the net.
    nudge.unref();
  });
  app.addHook('onClose', async () => {
    if (nudge) clearTimeout(nudge);
  });
}
