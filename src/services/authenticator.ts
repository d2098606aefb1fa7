import type { Clock } from '../domain/clock.js';
import type { MaybePromise } from '../domain/maybe-promise.js';
import { hashToken, parseTokenValue } from '../domain/token-format.js';
import type { Db } from '../store/db.js';
import { findTokenByHash, touchTokens, type OwnerProfile, type TokenPrincipalRow } from '../store/repos/tokens.js';

/** Who is calling: a token and the owner it acts for. */
/** Who a call acts for; one frozen object per cached token look-up (Authenticator). */
export interface Principal {
  tokenId: string;
  ownerId: string;
  accountId: string;
  scopes: readonly string[];
  mode: 'live' | 'test';
  kind: 'pat' | 'test' | 'at';
  appId: string | null;
  /** The owner's profile as of the look-up (cached like the token, so GET /me needs no query). */
  profile: OwnerProfile;
}

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | { ok: false; code: 'invalid_token' | 'token_expired' | 'app_suspended' };

interface CacheEntry {
  row: TokenPrincipalRow | null;
  fetchedAt: number;
}

const INVALID_TOKEN: AuthOutcome = Object.freeze({ ok: false, code: 'invalid_token' });
const MAX_CACHE_ENTRIES = 10_000;
const TOUCH_EVERY_MS = 60_000;

/**
 * Turns a bearer value into a principal. Look-ups are cached for a few seconds (config
 * tokenCacheSeconds), so reads do not pay a database round trip; a revocation made on this instance
 * takes effect at once (invalidate), one made on another instance within the cache time.
 */
export class Authenticator {
  /** Look-ups by bearer value (see authenticate and lookUp). */
  private readonly cache = new Map<string, CacheEntry>();
  private lastSweep = 0;
  private readonly lastTouched = new Map<string, number>();
  private pendingTouch = new Set<string>();
  /**
   * The outcome of each cached look-up, made once: every call within the cache time shares one
   * frozen principal, so what is worked out from it alone (GET /me's answer) is worked out once.
   */
  private readonly admitted = new WeakMap<TokenPrincipalRow, { ok: true; principal: Principal }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cacheMs: number,
  ) {}

  /**
   * `now` (ms): the caller's reading of the same clock, when it has one. A look-up within the cache
   * time answers at once, without a promise: it checks no checksum, hashes nothing and waits for
   * nothing (the guard then waits only for a look-up in the database).
   */
  authenticate(value: string | undefined, now = this.clock.now().getTime()): MaybePromise<AuthOutcome> {
    if (!value) return INVALID_TOKEN;
    // Kept by the bearer value itself.
    const hit = this.cache.get(value);
    if (hit && now - hit.fetchedAt < this.cacheMs) return this.outcome(hit.row, now);
    return this.lookUp(value, now).then((row) => this.outcome(row, now));
  }

  private outcome(row: TokenPrincipalRow | null | undefined, now: number): AuthOutcome {
    if (!row || row.token.revoked_at !== null || row.ownerDeleted) return INVALID_TOKEN;
    if (row.token.expires_at !== null && row.token.expires_at.getTime() <= now) return { ok: false, code: 'token_expired' };
    if (row.appSuspended) return { ok: false, code: 'app_suspended' };
    this.noteUse(row.token.id, now);
    let admitted = this.admitted.get(row);
    if (!admitted) {
      const t = row.token;
      const principal: Principal = { tokenId: t.id, ownerId: t.owner_id, accountId: row.accountId, scopes: t.scopes, mode: t.mode, kind: t.kind, appId: t.app_id, profile: row.profile };
      this.admitted.set(row, (admitted = { ok: true, principal: Object.freeze(principal) }));
    }
    return admitted;
  }

  /** Forget cached look-ups of a token (after revocation on this instance) or of every token (after an owner change). */
  invalidate(tokenId?: string): void {
    if (tokenId === undefined) {
      this.cache.clear();
      return;
    }
    for (const [value, entry] of this.cache) if (entry.row?.token.id === tokenId) this.cache.delete(value);
  }

  /**
   * Forget cached look-ups of an owner's tokens, of an app's tokens, or of an app's tokens for one
   * owner (a grant disconnected): what services/invalidation.ts hears from other instances.
   */
  forgetMatching(match: { ownerId?: string; appId?: string }): void {
    for (const [value, entry] of this.cache) {
      const t = entry.row?.token;
      if (!t) continue;
      if ((match.ownerId === undefined || t.owner_id === match.ownerId) && (match.appId === undefined || t.app_id === match.appId)) this.cache.delete(value);
    }
  }

  /** Writes last-use times gathered since the previous flush (at most once a minute per token). */
  async flushLastUsed(): Promise<void> {
    const ids = [...this.pendingTouch];
    this.pendingTouch = new Set();
    await touchTokens(this.db, ids, this.clock.now());
  }

  /**
   * The token row of a bearer value, from the database; undefined for a value that is no API token
   * (malformed, bad checksum, a refresh token), which is never looked up nor kept. Entries past the
   * cache time are swept, so no bearer value stays in memory much longer than its last use.
   */
  private async lookUp(value: string, now: number): Promise<TokenPrincipalRow | null | undefined> {
    this.sweep(now);
    const parsed = parseTokenValue(value);
    // Refresh tokens are for the token endpoint only; they never open the API.
    if (!parsed || parsed.kind === 'rt') return undefined;
    const row = await findTokenByHash(this.db, hashToken(parsed.value));
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(value, { row, fetchedAt: now });
    return row;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < Math.max(this.cacheMs, 1000)) return;
    this.lastSweep = now;
    for (const [value, entry] of this.cache) if (now - entry.fetchedAt >= this.cacheMs) this.cache.delete(value);
  }

  private noteUse(tokenId: string, now: number): void {
    const last = this.lastTouched.get(tokenId) ?? 0;
    if (now - last < TOUCH_EVERY_MS) return;
    this.lastTouched.set(tokenId, now);
    this.pendingTouch.add(tokenId);
  }
}
