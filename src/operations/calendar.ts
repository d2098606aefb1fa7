import type { ImportSummary } from '../services/calendar-import.js';
import { requireOwner } from '../services/owners.js';
import { stringArg, type Operation } from './operation.js';

/** What the import changed (ImportSummary), and where. */
export type CalendarImportResult = ImportSummary & { owner: string; calendar: string };

/**
 * `calendar import`: the CLI process reads the file and sends its text, so the same arguments work
 * here and through a running server's admin channel (which cannot read the caller's files).
 */
export const calendarImportOperation: Operation<CalendarImportResult> = async (rt, args) => {
  // Loaded here: the import pulls in ical.js and the recurrence engine, which other commands do not need.
  const { importICalendar } = await import('../services/calendar-import.js');
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const calendar = stringArg(args, 'calendar');
  const summary = await importICalendar(rt, { ownerId: owner.id, calendarSlug: calendar, text: stringArg(args, 'text') });
  return { owner: owner.username, calendar, ...summary };
};
