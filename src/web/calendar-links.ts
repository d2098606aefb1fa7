/**
 * "Add to calendar" links for Google Calendar and Outlook on the web: the event's title, its UTC
 * instants and a short description, as the query of each service's compose page. Nothing secret goes
 * in them (not the status link: the page's address is its own proof, and these go to another site).
 */
export interface CalendarEntry {
  title: string;
  start: Date;
  end: Date;
  details: string;
}

/** 20260330T070000Z: RFC 5545's UTC date-time form, which Google's `dates` takes. */
export function icsUtc(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(e: CalendarEntry): string {
  const q = new URLSearchParams({ action: 'TEMPLATE', text: e.title, dates: `${icsUtc(e.start)}/${icsUtc(e.end)}`, details: e.details });
  return `https://calendar.google.com/calendar/render?${q}`;
}

export function outlookCalendarUrl(e: CalendarEntry): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.title,
    startdt: e.start.toISOString().replace(/\.\d{3}/, ''),
    enddt: e.end.toISOString().replace(/\.\d{3}/, ''),
    body: e.details,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q}`;
}
