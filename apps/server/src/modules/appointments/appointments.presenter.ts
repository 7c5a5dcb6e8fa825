import type { TInviteRow } from '@apron/core';
import type { InviteRow } from './appointments.table';

export function presentInvite(row: InviteRow): TInviteRow {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    emails: row.emails,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
  };
}
