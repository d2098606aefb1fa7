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
 * What a token may see of the owner's requests: a request from a blocked contact is visible only to
 * the token that made it (it never reaches the inbox; decisions §3); handled ones for 90 days.
 */
export async function requestFeed(db: Db, q: RequestFeedQuery): Promise<RequestRow[]> {
  let query = db
    .selectFrom('requests')
    .selectAll()
    .where('owner_id', '=', q.ownerId)
    .where((eb) => eb.or([eb('from_blocked', '=', false), eb('token_id', '=', q.tokenId)]))
    .where((eb) => {
      const live = [eb('deleted_at', 'is', null), eb.or([eb('status', '=', 'pending'), eb('updated_at', '>=', q.handledSince)])];
      if (q.status) live.push(eb('status', '=', q.status));
      if (q.kind) live.push(eb('kind', '=', q.kind));
      if (q.createdByThisToken === true) live.push(eb('token_id', '=', q.tokenId));
      if (q.createdByThisToken === false) live.push(eb.or([eb('token_id', 'is', null), eb('token_id', '!=', q.tokenId)]));
      const branches = [eb.and(live)];
      if (q.deletedSince) branches.push(eb('deleted_at', '>=', q.deletedSince));
      return eb.or(branches);
    });
  if (q.updatedSince) query = query.where('updated_at', '>=', q.updatedSince);
  if (q.after) {
    const { at, id } = q.after;
    query = query.where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(at, id)));
  }
  return query.orderBy('updated_at').orderBy('id').limit(q.limit).execute();
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
