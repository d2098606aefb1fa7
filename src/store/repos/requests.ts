import type { Db } from '../db.js';
import type { RequestRow, RequestStatus } from '../schema.js';
import { FeedPage } from './feed-page.js';

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
export type RequestFeedRow = Pick<
  RequestRow,
  | 'id' | 'kind' | 'status' | 'cancelled_by' | 'appointment_type_id' | 'suggested_due_date' | 'message' | 'note' | 'requester_name'
  | 'requester_email' | 'requester_phone' | 'contact_method' | 'contact_handle' | 'source' | 'token_id' | 'test'
> & { slot_start: string | null; slot_end: string | null; created_at: string; updated_at: string; deleted_at: string | null };

const FEED_COLUMNS =
  'id, kind, status, cancelled_by, appointment_type_id, slot_start, slot_end, suggested_due_date, message, note, requester_name, requester_email, ' +
  'requester_phone, contact_method, contact_handle, source, token_id, test, created_at, updated_at, deleted_at';

/**
 * What a token may see of the owner's requests: a request from a blocked contact is visible only to
 * the token that made it (it never reaches the inbox; docs/spec-decisions.md §3); handled ones for 90 days.
 *
 * One statement (FeedPage); what may be listed lies in two runs of the feed order:
 * - pending requests of any age: requests_owner_pending_feed holds exactly those;
 * - handled and deleted ones, listed for 90 and 30 days after their last change (a deletion moves
 *   updated_at too): requests_owner_updated from that age on, or requests_token_feed for the
 *   calling token's own (createdByThisToken=true). Years of handled requests are never read.
 */
export async function requestFeed(db: Db, q: RequestFeedQuery): Promise<RequestFeedRow[]> {
  const sql = new FeedPage([q.ownerId, q.tokenId]);
  const filters = (): string =>
    (q.kind ? ` AND kind = ${sql.p(q.kind)}` : '') +
    (q.createdByThisToken === true ? ' AND token_id = $2' : '') +
    (q.createdByThisToken === false ? ' AND (token_id IS NULL OR token_id <> $2)' : '');

  const branches: string[] = [];
  if (q.status === null || q.status === 'pending') branches.push(`deleted_at IS NULL AND status = 'pending'${filters()}${sql.window(q)}`);
  const from = q.deletedSince && q.deletedSince < q.handledSince ? q.deletedSince : q.handledSince;
  const ended: string[] = [];
  if (q.status !== 'pending') {
    const handled = from < q.handledSince ? ` AND updated_at >= ${sql.p(q.handledSince)}` : '';
    ended.push(`deleted_at IS NULL AND status ${q.status ? `= ${sql.p(q.status)}` : "<> 'pending'"}${handled}${filters()}`);
  }
  if (q.deletedSince) ended.push(`deleted_at >= ${sql.p(q.deletedSince)}`);
  if (ended.length > 0) branches.push(`updated_at >= ${sql.p(from)}${sql.window(q)} AND (${ended.join(' OR ')})`);
  return sql.rows<RequestFeedRow>(db, { columns: FEED_COLUMNS, table: 'requests', where: 'owner_id = $1 AND (NOT from_blocked OR token_id = $2)', branches, limit: q.limit });
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

/** One live request of the owner, blocked contacts' too (the CLI's look at a request). */
export async function findLiveRequest(db: Db, ownerId: string, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('requests').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * The live request a status link names. By id alone: the requester's link carries no owner, and the
 * link's signature (checked before this) binds it to this one request id, unique across owners.
 */
export async function requestOfStatusLink(db: Db, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('requests').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
