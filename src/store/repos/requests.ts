import { CompiledQuery } from 'kysely';
import type { Db } from '../db.js';
import type { RequestRow, RequestStatus } from '../schema.js';

export interface RequestFeedQuery {
  ownerId: string;
  tokenId: string;
  status: RequestStatus | null;
  kind: 'appointment' | 'task' | null;
  createdByThisToken: boolean | null;
  updatedSince: Date | null;
  deletedSince: Date | null;
  /** Handled (not pending) requests whose last change is older than this are gone. */
  handledSince: Date;
  after: { at: Date; id: string } | null;
  limit: number;
}

/**
 * One request of the feed: the columns the API may show. Instants are as PostgreSQL writes a
 * timestamptz in JSON (`2026-03-01T10:00:00.123+00:00`, in the session's zone, microseconds at most).
 */
export interface RequestFeedRow {
  id: string;
  kind: RequestRow['kind'];
  status: RequestStatus;
  cancelled_by: RequestRow['cancelled_by'];
  appointment_type_id: string | null;
  slot_start: string | null;
  slot_end: string | null;
  suggested_due_date: string | null;
  message: string | null;
  note: string | null;
  requester_name: string;
  requester_email: string | null;
  requester_phone: string | null;
  contact_method: string | null;
  contact_handle: string | null;
  source: RequestRow['source'];
  token_id: string | null;
  test: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

const FEED_COLUMNS =
  'id, kind, status, cancelled_by, appointment_type_id, slot_start, slot_end, suggested_due_date, message, note, requester_name, requester_email, ' +
  'requester_phone, contact_method, contact_handle, source, token_id, test, created_at, updated_at, deleted_at';

/**
 * What a token may see of the owner's requests: a request from a blocked contact is visible only to
 * the token that made it (it never reaches the inbox; decisions §3); handled ones for 90 days.
 *
 * One statement; the page comes back as one JSON value, since PGlite decodes every cell of a result
 * in JavaScript. What may be listed lies in two runs of the feed order, each read from its own index
 * and merged up to the limit (a Merge Append):
 * - pending requests of any age: requests_owner_pending_feed holds exactly those;
 * - handled and deleted ones, listed for 90 and 30 days after their last change (a deletion moves
 *   updated_at too): requests_owner_updated from that age on, or requests_token_feed for the
 *   calling token's own (createdByThisToken=true). Years of handled requests are never read.
 */
export async function requestFeed(db: Db, q: RequestFeedQuery): Promise<RequestFeedRow[]> {
  const params: unknown[] = [q.ownerId, q.tokenId];
  // A value used in several places (a bound, a filter repeated per branch) is sent once.
  const placeholders = new Map<unknown, string>();
  const p = (value: unknown): string => {
    let placeholder = placeholders.get(value);
    if (placeholder === undefined) placeholders.set(value, (placeholder = `$${params.push(value)}`));
    return placeholder;
  };
  // Every branch repeats the window so that each index scan starts at the cursor.
  const window = (): string =>
    (q.updatedSince ? ` AND updated_at >= ${p(q.updatedSince)}` : '') + (q.after ? ` AND (updated_at, id) > (${p(q.after.at)}, ${p(q.after.id)})` : '');
  const filters = (): string =>
    (q.kind ? ` AND kind = ${p(q.kind)}` : '') +
    (q.createdByThisToken === true ? ' AND token_id = $2' : '') +
    (q.createdByThisToken === false ? ' AND (token_id IS NULL OR token_id <> $2)' : '');

  const branches: string[] = [];
  if (q.status === null || q.status === 'pending') branches.push(`deleted_at IS NULL AND status = 'pending'${filters()}${window()}`);
  const from = q.deletedSince && q.deletedSince < q.handledSince ? q.deletedSince : q.handledSince;
  const ended: string[] = [];
  if (q.status !== 'pending') {
    const handled = from < q.handledSince ? ` AND updated_at >= ${p(q.handledSince)}` : '';
    ended.push(`deleted_at IS NULL AND status ${q.status ? `= ${p(q.status)}` : "<> 'pending'"}${handled}${filters()}`);
  }
  if (q.deletedSince) ended.push(`deleted_at >= ${p(q.deletedSince)}`);
  if (ended.length > 0) branches.push(`updated_at >= ${p(from)}${window()} AND (${ended.join(' OR ')})`);
  const limit = p(q.limit);
  const select = (where: string) =>
    `SELECT ${FEED_COLUMNS} FROM requests WHERE owner_id = $1 AND (NOT from_blocked OR token_id = $2) AND ${where} ORDER BY updated_at, id LIMIT ${limit}`;
  const rows = branches.length === 1 ? select(branches[0]!) : `${branches.map((b) => `(${select(b)})`).join(' UNION ALL ')} ORDER BY updated_at, id LIMIT ${limit}`;
  // Each branch ordered and cut at the limit: PostgreSQL then merges two index scans in order rather
  // than sorting every candidate. The ORDER BY in json_agg costs nothing measurable and makes the order sure.
  const result = await db.executeQuery<{ page: RequestFeedRow[] | null }>(
    CompiledQuery.raw(`SELECT json_agg(r ORDER BY r.updated_at, r.id) AS page FROM (${rows}) r`, params),
  );
  return result.rows[0]?.page ?? [];
}

export async function findVisibleRequest(db: Db, q: { ownerId: string; tokenId: string; id: string; handledSince: Date }): Promise<RequestRow | undefined> {
  return db
    .selectFrom('requests')
    .selectAll()
    .where('owner_id', '=', q.ownerId)
    .where('id', '=', q.id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('from_blocked', '=', false), eb('token_id', '=', q.tokenId)]))
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('updated_at', '>=', q.handledSince)]))
    .executeTakeFirst();
}
