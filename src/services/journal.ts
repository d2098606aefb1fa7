import { isoDate, localDay } from '../domain/availability.js';
import type { Clock } from '../domain/clock.js';
import { asUuid, newId } from '../domain/ids.js';
import { isValidDate } from '../domain/instant.js';
import type { Db } from '../store/db.js';
import { deleteEntryRow, entriesOf, findEntry, insertEntry, updateEntry, type JournalEntryRow } from '../store/repos/journal.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * The owner's private journal, written in the console only. It records no webhook event and no API
 * route reads it (spec: "The journal is unreachable through any token, scope, route, field or
 * webhook event"), so nothing here may touch the outbox.
 */
export interface JournalEnv {
  db: Db;
  clock: Clock;
}

export interface EntryInput {
  date: string;
  body: string;
}

export type { JournalEntryRow };

const BODY_MAX = 20_000;
/** Browsers send CRLF from a textarea; stored text uses LF, so an unchanged form is unchanged. */
const normalizeText = (text: string): string => text.replace(/\r\n?/g, '\n');
const GONE = 'That journal entry does not exist, or was deleted.';

function checkEntry(input: EntryInput): { entry_date: string; body: string } {
  const date = input.date.trim();
  if (!isValidDate(date)) throw new ServiceError('invalid', 'The date must be a date (YYYY-MM-DD).', 'date');
  const body = normalizeText(input.body);
  if (body.trim() === '') throw new ServiceError('invalid', 'Write something first: the entry is empty.', 'body');
  if (body.length > BODY_MAX) throw new ServiceError('invalid', `An entry can be at most ${BODY_MAX.toLocaleString('en')} characters.`, 'body');
  return { entry_date: date, body };
}

function entryId(id: string): string {
  const uuid = asUuid(id);
  if (!uuid) throw new ServiceError('not_found', GONE);
  return uuid;
}

/** The owner's date today, in the owner's zone (the day a new entry is for). */
export function ownerToday(now: Date, zone: string): string {
  return isoDate(localDay(now.getTime(), zone));
}

export async function addEntry(env: JournalEnv, ownerId: string, input: EntryInput): Promise<string> {
  const fields = checkEntry(input);
  const now = env.clock.now();
  const id = newId();
  await insertEntry(env.db, { id, owner_id: ownerId, ...fields, created_at: now, updated_at: now });
  return id;
}

/** Rewrites an entry's date and text; false when both are as they were. */
export async function editEntry(env: JournalEnv, ownerId: string, id: string, input: EntryInput): Promise<boolean> {
  const fields = checkEntry(input);
  const row = await findEntry(env.db, ownerId, entryId(id));
  if (!row) throw new ServiceError('not_found', GONE);
  if (row.entry_date === fields.entry_date && row.body === fields.body) return false;
  if (!(await updateEntry(env.db, ownerId, row.id, { ...fields, updated_at: env.clock.now() }))) throw new ServiceError('not_found', GONE);
  return true;
}

/** Deletes an entry for good: a journal keeps no deleted markers. */
export async function deleteEntry(env: JournalEnv, ownerId: string, id: string): Promise<void> {
  if (!(await deleteEntryRow(env.db, ownerId, entryId(id)))) throw new ServiceError('not_found', GONE);
}

export async function getEntry(db: Db, ownerId: string, id: string): Promise<JournalEntryRow | undefined> {
  const uuid = asUuid(id);
  return uuid ? findEntry(db, ownerId, uuid) : undefined;
}

export const ENTRIES_PER_PAGE = 30;

/** One page (0-based) of entries, newest date first, and whether older ones follow. */
export async function listEntries(db: Db, ownerId: string, page: number): Promise<{ entries: JournalEntryRow[]; more: boolean }> {
  const rows = await entriesOf(db, ownerId, ENTRIES_PER_PAGE + 1, page * ENTRIES_PER_PAGE);
  return { entries: rows.slice(0, ENTRIES_PER_PAGE), more: rows.length > ENTRIES_PER_PAGE };
}
