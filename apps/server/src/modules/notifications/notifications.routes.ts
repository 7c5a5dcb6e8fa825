import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_MODULES, NOTIFICATION_MODULES, ZMessage } from '@apron/core';
import { COMMUNICATION_MESSAGES, templateFieldsOf, ZSendNotice, ZTemplateFieldsByModule } from '@apron/core/communications';
import { ZNoticeForRecordQuery, ZNoticePreview, ZNoticePreviewQuery, ZNoticesForRecord } from '@apron/core/notices';
import type { AppContext } from '../../platform/context';
import { noticesForRecord, previewNotice, sendNotice } from './notices';

const tags = ['notifications'];
/** A notice is a deliberate e-mail about one record: a person sends a few a minute. */
const NOTICE_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

const fieldsOf = (modules: readonly string[]) => Object.fromEntries(modules.map((m) => [m, templateFieldsOf(m)]));

export async function notificationsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // The insert-field menus of the template editors (Settings: Notifications, Notices).
  app.get(
    '/api/Notifications/Fields',
    { config: { access: 'internal' }, schema: { tags, response: { 200: ZTemplateFieldsByModule } } },
    async () => fieldsOf(NOTIFICATION_MODULES),
  );
  app.get(
    '/api/Notices/Fields',
    { config: { access: 'internal' }, schema: { tags, response: { 200: ZTemplateFieldsByModule } } },
    async () => fieldsOf(NOTICE_MODULES),
  );

  // The Send Notice dialog: scoped exactly like SendNotices (the record's source decides).
  app.get(
    '/api/Notices/ForRecord',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZNoticeForRecordQuery, response: { 200: ZNoticesForRecord } } },
    async (request) => noticesForRecord(ctx, request.user!, request.query.module, request.query.id),
  );
  app.get(
    '/api/Notices/Preview',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZNoticePreviewQuery, response: { 200: ZNoticePreview } } },
    async (request) => previewNotice(ctx, request.user!, request.query.key, request.query.id),
  );

  // Any signed-in user: the record's source decides whether the caller may read that record.
  app.post(
    '/api/SendNotices',
    { config: { access: 'signedIn', rateLimit: NOTICE_RATE_LIMIT }, schema: { tags, body: ZSendNotice, response: { 201: ZMessage } } },
    async (request, reply) => {
      await sendNotice(ctx, request.user!, request.id, request.body);
      return reply.status(201).send({ message: COMMUNICATION_MESSAGES.noticeSent });
    },
  );
}
