import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_MESSAGES, ZAlertCreate, ZAlertEmail, ZAlertItem, ZAlertUnread, ZAlertUser, ZAlertUserGroupParams, ZContactMessage, ZIdParams, ZListQuery, ZLostCardReport, ZMessage,
} from '@apron/core';
import type { AppContext } from '../../platform/context';
import { sendTotalCount } from '../../platform/http/list-count';
import { presentAlert } from './alerts.presenter';
import { renderContactMessage, renderLostCardReport } from './alerts.render';
import * as service from './alerts.service';
import { createStaffAlert, emailAlert, presentRecipient, usersOfGroup } from './alerts.compose';
import { countUnreadAlerts } from './alerts.repo';

const tags = ['alerts'];
/** Public forms: per client address (product rule 19). */
const PUBLIC_FORM_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Sharing an alert by e-mail: a person forwards a few, a script would send many. */
const EMAIL_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function alertsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/Alerts/ContactUs',
    { config: { access: 'public', rateLimit: PUBLIC_FORM_RATE_LIMIT }, schema: { tags, body: ZContactMessage, response: { 201: ZMessage } } },
    async (request, reply) => {
      // The honeypot: a person never sees `website`; a bot that fills it is told yes and nothing is sent.
      if (request.body.website) request.log.info('contact message refused by the honeypot');
      else await service.deliverPublicMessage(ctx, request.id, 'contact', renderContactMessage(request.body));
      return reply.status(201).send({ message: 'Message Sent' });
    },
  );

  app.post(
    '/api/Alerts/RequestLostCard',
    { config: { access: 'public', rateLimit: PUBLIC_FORM_RATE_LIMIT }, schema: { tags, body: ZLostCardReport, response: { 201: ZMessage } } },
    async (request, reply) => {
      if (request.body.website) request.log.info('lost card report refused by the honeypot');
      else await service.deliverPublicMessage(ctx, request.id, 'lostcard', renderLostCardReport(request.body));
      return reply.status(201).send({ message: 'Report Sent' });
    },
  );

  app.get(
    '/api/Alerts',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZListQuery, response: { 200: z.array(ZAlertItem) } } },
    async (request, reply) => {
      const { rows, total } = await service.listAlerts(ctx, request.user!, request.query);
      sendTotalCount(reply, total);
      return rows.map(presentAlert);
    },
  );

  app.get(
    '/api/Alerts/Item/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZAlertItem } } },
    async (request) => presentAlert(await service.readAlert(ctx, request.user!, request.params.id)),
  );

  app.get(
    '/api/Alerts/Unread',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: ZAlertUnread } } },
    async (request) => ({ count: await countUnreadAlerts(ctx.db, request.user!.id) }),
  );

  // Staff only: who a user group means (names and e-mails of accounts are staff data).
  app.get(
    '/api/Alerts/Users/:group',
    { config: { access: 'internal' }, schema: { tags, params: ZAlertUserGroupParams, response: { 200: z.array(ZAlertUser) } } },
    async (request) => (await usersOfGroup(ctx, request.params.group)).map(presentRecipient),
  );

  app.post(
    '/api/Alerts',
    { config: { access: 'internal' }, schema: { tags, body: ZAlertCreate, response: { 201: ZMessage.extend({ _id: z.string(), recipients: z.number().int() }) } } },
    async (request, reply) => {
      const created = await createStaffAlert(ctx, request.user!, request.id, request.body);
      return reply.status(201).send({ message: ALERT_MESSAGES.created, _id: created.id, recipients: created.recipients });
    },
  );

  app.post(
    '/api/Alerts/Email',
    { config: { access: 'internal', rateLimit: EMAIL_RATE_LIMIT }, schema: { tags, body: ZAlertEmail, response: { 200: ZMessage } } },
    async (request) => {
      await emailAlert(ctx, request.user!, request.id, request.body);
      return { message: ALERT_MESSAGES.emailed };
    },
  );

  app.delete(
    '/api/Alerts/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      await service.removeAlert(ctx, request.user!, request.params.id);
      return { message: 'Deleted Successfully' };
    },
  );
}
