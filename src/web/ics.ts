import ICAL from 'ical.js';
import type { RequestRow } from '../store/schema.js';

/** An accepted (or requested, as tentative) appointment as an iCalendar file (RFC 5545) for the requester's own calendar, made with ical.js. */
export function appointmentIcs(row: RequestRow, ctx: { ownerName: string; typeName: string | null }, now: Date, url: string): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//calendar-access//status page//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('method', 'PUBLISH');
  const ev = new ICAL.Component('vevent');
  const utc = (d: Date) => ICAL.Time.fromJSDate(d, true);
  ev.addPropertyWithValue('uid', `${row.id}@calendar-access`);
  ev.addPropertyWithValue('dtstamp', utc(now));
  ev.addPropertyWithValue('dtstart', utc(row.slot_start!));
  ev.addPropertyWithValue('dtend', utc(row.slot_end!));
  ev.addPropertyWithValue('summary', `${ctx.typeName ?? 'Appointment'} with ${ctx.ownerName}`);
  // A request not yet answered goes in as a hold: TENTATIVE until the owner accepts.
  ev.addPropertyWithValue('status', row.status === 'accepted' ? 'CONFIRMED' : 'TENTATIVE');
  ev.addPropertyWithValue('url', url);
  // Moves and updates of the same appointment replace the earlier file in most calendars.
  ev.addPropertyWithValue('sequence', Math.floor(row.updated_at.getTime() / 1000) % 2_000_000_000);
  cal.addSubcomponent(ev);
  return cal.toString().replace(/\r?\n/g, '\r\n') + '\r\n';
}
