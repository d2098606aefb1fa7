import type { Db } from '../../store/db.js';
import { lockRequest } from '../../store/repos/request-changes.js';
import type { RequestRow } from '../../store/schema.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { applyMove } from './moves.js';

/**
 * What the requester does from the status page (and the CLI acting as the requester), and the
 * creating token's withdrawal. These take effect at once (docs/spec-decisions.md §3).
 */
export type RequesterAction = 'withdraw' | 'confirm' | 'cancel';

/** The requester acts on their request. `ownerId` narrows the look-up when the caller knows the owner (CLI). */
export async function requesterAct(env: RequestEnv, requestId: string, action: RequesterAction, opts: { ownerId?: string } = {}): Promise<RequestRow> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await lockRequest(trx, opts.ownerId ?? null, requestId);
    if (!row) throw new ServiceError('not_found', `No request ${requestId}.`);
    return applyMove(trx, env, row, { trigger: action, by: 'requester' }, now);
  });
}

/**
 * POST /requests/{id}/withdraw, in the caller's transaction: only a request this token created
 * (else not_found, like any request the token cannot act on); only while pending (else conflict).
 */
export async function withdrawByToken(trx: Db, env: RequestEnv, q: { ownerId: string; tokenId: string; requestId: string }, now: Date): Promise<RequestRow> {
  const row = await lockRequest(trx, q.ownerId, q.requestId);
  if (!row || row.token_id !== q.tokenId) throw new ServiceError('not_found', 'Not found.');
  return applyMove(trx, env, row, { trigger: 'withdraw', by: 'token' }, now);
}
