import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: z.object({ code: z.literal('UNAVAILABLE'), status: z.literal('unavailable'), database: z.literal('down') }) },
      },
    },
    async (request, reply) => {
      try {
        await ctx.database.query('select 1');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ code: 'UNAVAILABLE' as const, status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );
}
