import type { Db } from '../store/db.js';
import { recordEvent } from '../store/repos/outbox.js';
import type { JobRow } from '../store/schema.js';
import type { JobKind } from '../jobs/queue.js';

/**
 * `authorization.revoked` (decisions §2): a token's last event, when it is revoked by the owner, when
 * it expires, or when its account is deleted. Recorded in the transaction of the change; the token's
 * deliveries still waiting are cancelled, so nothing reaches it after this one.
 */
export type RevokedReason = 'owner' | 'expired' | 'account_deleted';

export const TOKEN_EXPIRY = 'token.expire';

export async function recordRevocation(trx: Db, t: { ownerId: string; tokenId: string; mode: 'live' | 'test' }, reason: RevokedReason, now: Date): Promise<void> {
  const already = await trx
    .selectFrom('webhook_events')
    .select('id')
    .where('token_id', '=', t.tokenId)
    .where('type', '=', 'authorization.revoked')
    .executeTakeFirst();
  if (already) return;
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', finished_at: now, last_error: `the token was revoked (${reason})` })
    .where('token_id', '=', t.tokenId)
    .where('status', '=', 'pending')
    .execute();
  await recordEvent(trx, {
    ownerId: t.ownerId,
    type: 'authorization.revoked',
    data: { object: 'authorization', reason },
    test: t.mode === 'test',
    occurredAt: now,
    tokenId: t.tokenId,
  });
}

/** At a token's expiry: its `authorization.revoked` with reason `expired` (once; not if revoked before). */
export function tokenExpiryKind(db: Db): JobKind {
  return {
    async run(job: JobRow, ctx) {
      await db.transaction().execute(async (trx) => {
        const token = await trx.selectFrom('tokens').selectAll().where('id', '=', job.key!).forUpdate().executeTakeFirst();
        if (!token || token.revoked_at !== null || token.expires_at === null) return;
        if (token.expires_at.getTime() > ctx.now.getTime()) return;
        await recordRevocation(trx, { ownerId: token.owner_id, tokenId: token.id, mode: token.mode }, 'expired', token.expires_at);
      });
      return { done: true };
    },
  };
}
