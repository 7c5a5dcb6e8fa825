import ical, { ICalCalendarMethod, escape } from 'ical-generator';

export interface InviteEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** `Name <address>` or an address, from configuration. */
  organizer: string;
  url: string;
  attendees: string[];
  timeZone: string;
}

/**
 * The RFC 5545 invite (METHOD:REQUEST, one VEVENT) made by ical-generator: the organizer and URL
 * are the server's configuration, never the client's; each recipient is an attendee asked to reply.
 * The generator escapes the event's text values (RFC 5545 3.3.11) but writes the calendar's name
 * (NAME, X-WR-CALNAME) as given, so the name is escaped here: a line break in it would otherwise
 * start a property, or a whole event, of the sender's choosing.
 */
export function renderInviteCalendar(event: InviteEvent): string {
  const calendar = ical({ prodId: { company: 'Apron', product: 'Apron Portal', language: 'EN' }, name: escape(event.title, false) });
  calendar.method(ICalCalendarMethod.REQUEST);
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: event.end,
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
    organizer: event.organizer,
    attendees: event.attendees.map((email) => ({ email, rsvp: true })),
  });
  return calendar.toString();
}
