import { describe, expect, it } from 'vitest';
import { ZChatMessageCreate, ZInviteCreate, isSendableText, toInstant } from '../src/index';

const calendar = { summary: 'Hangar viewing', description: 'Row C', location: 'Hangar C4', start: '2026-12-01T10:00', end: '2026-12-01T11:00' };

describe('invite payload', () => {
  it('accepts the spec shape with a text of addresses, lower-cased and without repeats', () => {
    const parsed = ZInviteCreate.parse({ emails: 'A@x.test, b@x.test;a@x.test', calendar });
    expect(parsed.emails).toEqual(['a@x.test', 'b@x.test']);
  });

  it('names each bad field: required texts, an invalid address, end not after start', () => {
    const result = ZInviteCreate.safeParse({ emails: 'ok@x.test, nope', calendar: { ...calendar, summary: ' ', end: '2026-12-01T10:00' } });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(errors).toEqual({ emails: "'nope' is not a valid email", 'calendar.summary': 'Title is required', 'calendar.end': 'End must be after start' });
    expect(ZInviteCreate.safeParse({ emails: [], calendar }).error!.issues[0]!.message).toBe('Emails is required');
  });

  it('reads a wall-clock time in the airport time zone, across daylight saving', () => {
    expect(toInstant('2026-12-01T10:00', 'America/Los_Angeles').toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(toInstant('2026-07-01T10:00', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(toInstant('2026-07-01T10:00:00Z', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });
});

describe('chat message', () => {
  it('refuses a blank message without documents; trims the text', () => {
    expect(ZChatMessageCreate.safeParse({ content: '   ' }).error!.issues[0]).toMatchObject({ path: ['content'], message: 'Message is required' });
    expect(ZChatMessageCreate.parse({ content: '  hi  ' }).content).toBe('hi');
    expect(isSendableText(' \n ')).toBe(false);
  });
});
