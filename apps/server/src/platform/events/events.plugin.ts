import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { nudgeMailDelivery } from '../mail/index';
import { EVENTS_DISPATCH_JOB, EVENTS_PER_DISPATCH_RUN, countPublishedEvents, createEventDispatch, type PublishedTally } from './events';

/**
 * The dispatch job: every minute (the safety net, and what picks up retries), and nudged right
 * after a response whose request published events, so a rule's e-mail leaves within seconds.
 * The nudge is only a hint: pg-boss keeps one waiting nudge (singleton key) and the cron finds
 * everything anyway, on any instance.
 */
/** How long published events wait for the dispatch nudge (one per window per instance). */
const NUDGE_WINDOW_MS = 250;

export function registerEventDispatch(app: FastifyInstance, ctx: AppContext): void {
  const dispatcher = createEventDispatch({ db: ctx.db, log: ctx.log, plugins: ctx.plugins });
  const run = async () => {
    const result = await dispatcher.dispatch();
    // Handlers queue e-mails; send them now rather than at the mail job's next minute.
    if (result.processed > 0) await nudgeMailDelivery(ctx);
    // A full run (a monthly invoice cycle publishes thousands at once): ask for the next batch now
    // rather than at the next minute. Its own key, so a running nudge does not refuse it; the
    // minute cron remains the net if the queue refuses it anyway.
    if (result.processed + result.retrying >= EVENTS_PER_DISPATCH_RUN) {
      await ctx.jobs.send(EVENTS_DISPATCH_JOB, {}, { singletonKey: 'continue' }).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not continue event dispatch'));
    }
  };
  ctx.jobs.schedule(EVENTS_DISPATCH_JOB, '* * * * *', run, { expireInSeconds: 5 * 60 });

  const tallies = trackPublishedEvents(app);
  // At most one nudge per NUDGE_WINDOW_MS per instance: under load (an event per payment) a nudge
  // per response would add a queue insert to every request; a window later is soon enough.
  let nudge: NodeJS.Timeout | null = null;
  app.addHook('onResponse', async (request) => {
    if (!tallies.get(request)?.published || nudge || !ctx.jobs.started) return;
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

/**
 * A tally of the events each request of this app publishes (held per request, in this app's
 * closure). The request runs inside the tally's async context from onRequest on; reading a body
 * leaves that context (stream callbacks), so preValidation re-enters it, as @fastify/request-context does.
 */
function trackPublishedEvents(app: FastifyInstance): WeakMap<FastifyRequest, PublishedTally> {
  const tallies = new WeakMap<FastifyRequest, PublishedTally>();
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    const tally: PublishedTally = { published: 0 };
    tallies.set(request, tally);
    countPublishedEvents(tally, () => {
      scopes.set(request, new AsyncResource('apron-published-events'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  return tallies;
}
