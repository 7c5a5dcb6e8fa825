import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { renderInviteCalendar, type InviteEvent } from './invite-calendar';

// RFC 5545 3.3.11: a TEXT value escapes backslash, semicolon, comma and line breaks.
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_match, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const event: InviteEvent = {
  uid: 'one@apron',
  title: 'Viewing',
  description: 'Bring papers.',
  location: 'Hangar C4',
  start: new Date('2026-12-01T18:00:00Z'),
  end: new Date('2026-12-01T19:30:00Z'),
  organizer: 'Airport Office <office@airport.test>',
  url: 'https://portal.airport.test/appointment',
  attendees: ['pilot@example.test'],
  timeZone: 'America/Los_Angeles',
};

const injected = 'Viewing; north, west \\ side\r\nBEGIN:VEVENT\r\nUID:forged@evil\r\nORGANIZER:mailto:ceo@evil.test\r\nSUMMARY:Wire the deposit\r\nEND:VEVENT';

describe('the invite .ics escapes every text value', () => {
  it('a line break in the title, description or location adds no line, property or event', () => {
    const ics = renderInviteCalendar({ ...event, title: injected, description: injected, location: injected });
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe('one@apron');
    expect(vevent.organizer.toLowerCase()).toBe('mailto:office@airport.test');
    expect(vevent.summary).toBe(injected.replaceAll('\r\n', '\n'));
    expect(vevent.description).toBe(injected.replaceAll('\r\n', '\n'));
    expect(vevent.location).toBe(injected.replaceAll('\r\n', '\n'));
    // NAME and X-WR-CALNAME (the calendar's name) are written by the generator without escaping.
    for (const name of ['name', 'x-wr-calname']) {
      expect(unescapeText(String(calendar.getFirstPropertyValue(name)))).toBe(injected.replaceAll('\r\n', '\n'));
    }
    expect(ics.split('\r\n').filter((line) => /^(BEGIN|END):VEVENT$/.test(line))).toEqual(['BEGIN:VEVENT', 'END:VEVENT']);
  });

  it('long values are folded at 75 octets', () => {
    const ics = renderInviteCalendar({ ...event, title: 'T'.repeat(300) });
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('name')).toBe('T'.repeat(300));
  });
});
