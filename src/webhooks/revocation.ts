import type { Db } from '../store/db.js';
import { recordEvent } from '../store/repos/outbox.js';
import { lockToken } from '../store/repos/tokens.js';
import { hasRevocationEvent } from '../store/repos/webhook-events.js';
import { cancelPendingDeliveries } from '../store/repos/deliveries.js';
import type { JobRow } from '../store/schema.js';
import type { JobKind } from '../jobs/queue.js';

/**
 * `authorization.revoked` (docs/spec-decisions.md §2): a token's last event, when it is revoked by the owner, when
 * it expires, or when its account is deleted. Recorded in the transaction of the change; the token's
 * deliveries still waiting are cancelled, so nothing reaches it after this one.
 */
export type RevokedReason = 'owner' | 'expired' | 'account_deleted';

export const TOKEN_EXPIRY = 'token.expire';

export async function recordRevocation(trx: Db, t: { ownerId: string; tokenId: string; mode: 'live' | 'test' }, reason: RevokedReason, now: Date): Promise<void> {
  if (await hasRevocationEvent(trx, t.ownerId, t.tokenId)) return;
  await cancelPendingDeliveries(trx, t.ownerId, { tokenId: t.tokenId }, `the token was revoked (${reason})`, now);
  await recordEvent(trx, {
    ownerId: t.ownerId,
    type: 'authorization.revoked',
    data: { object: 'authorization', reason },
    test: t.mode === 'test',
    occurredAt: now,
    tokenId: t.tokenId,
  });
}

/**
 * A grant's end as its app's endpoint hears it (docs/webhooks.md "App endpoints"): the grant's
 * deliveries still waiting are cancelled and `authorization.revoked` is its last event there, with
 * the connected owner's `account`. Called once, as the grant is revoked (or its owner's account deleted).
 */
export async function recordGrantRevocation(trx: Db, g: { ownerId: string; grantId: string }, reason: RevokedReason, now: Date): Promise<void> {
  await cancelPendingDeliveries(trx, g.ownerId, { grantId: g.grantId }, `the grant was revoked (${reason})`, now);
  await recordEvent(trx, { ownerId: g.ownerId, type: 'authorization.revoked', data: { object: 'authorization', reason }, test: false, occurredAt: now, grantId: g.grantId });
}

/** At a token's expiry: its `authorization.revoked` with reason `expired` (once; not if revoked before). */
export function tokenExpiryKind(db: Db): JobKind {
  return {
    async run(job: JobRow, ctx) {
      await db.transaction().execute(async (trx) => {
        const token = await lockToken(trx, job.key!);
        if (!token || token.revoked_at !== null || token.expires_at === null) return;
        if (token.expires_at.getTime() > ctx.now.getTime()) return;
        await recordRevocation(trx, { ownerId: token.owner_id, tokenId: token.id, mode: token.mode }, 'expired', token.expires_at);
      });
      return { done: true };
    },
  };
}
