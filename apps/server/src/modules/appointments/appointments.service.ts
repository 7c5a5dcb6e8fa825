import { randomUUID } from 'node:crypto';
import { formatDateTime, readSetting, toInstant, type TInviteCreateParsed, type TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { fieldError } from '../../platform/errors/app-error';
import { nudgeMailDelivery, queueMails } from '../../platform/mail/index';
import { loadSystemSettings } from '../settings/index';
import { renderInviteCalendar } from './invite-calendar';
import * as repo from './appointments.repo';
import type { InviteRow } from './appointments.table';

export interface Actor {
  user: TSessionUser;
  requestId: string;
}

/**
 * Send an invite: one e-mail per recipient, each carrying the same `.ics` event (same UID), queued
 * with the invite row and its audit entry in one transaction; delivery happens after commit.
 * Wall-clock start/end are read in the airport time zone.
 */
export async function sendInvite(ctx: AppContext, actor: Actor, input: TInviteCreateParsed): Promise<InviteRow> {
  const timeZone = readSetting(await loadSystemSettings(ctx.db, ['TIME_ZONE']), 'TIME_ZONE');
  const start = toInstant(input.calendar.start, timeZone);
  const end = toInstant(input.calendar.end, timeZone);
  if (end <= start) throw fieldError('calendar.end', 'End must be after start');
  const uid = `${randomUUID()}@apron`;
  const { summary: title, description, location } = input.calendar;
  const ics = renderInviteCalendar({
    uid, title, description, location, start, end,
    organizer: ctx.config.invite.organizer,
    url: ctx.config.invite.url,
    attendees: input.emails,
    timeZone,
  });
  const text = [
    `You are invited: ${title}`,
    `When: ${formatDateTime(start, timeZone)} to ${formatDateTime(end, timeZone)} (${timeZone})`,
    `Where: ${location}`,
    '',
    description,
    ...(input.content ? ['', input.content] : []),
    '',
    ctx.config.invite.url,
    '',
    'The attached invite.ics adds it to your calendar.',
  ].join('\n');
  const attachment = { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', contentBase64: Buffer.from(ics, 'utf8').toString('base64') };

  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertInvite(tx, {
      uid, title, description, location, startsAt: start, endsAt: end, emails: input.emails,
      createdBy: actor.user.id, createdByEmail: actor.user.email,
    });
    await queueMails(
      tx,
      input.emails.map((to) => ({ to: [to], subject: input.title || `Invitation: ${title}`, text, kind: 'calendar-invite', ref: `invite:${inserted.id}`, attachments: [attachment] })),
    );
    await recordAudit(tx, actor, { action: 'create', entity: 'invite', entityId: inserted.id, after: { title, location, start: start.toISOString(), end: end.toISOString(), emails: input.emails } });
    return inserted;
  });
  await nudgeMailDelivery(ctx);
  return row;
}
