import { createHash } from 'node:crypto';
import type { Db } from '../store/db.js';
import { claimKey, findKey, saveOutcome, setLockTimeout, type KeyRecord } from '../store/repos/idempotency.js';
import { ApiError, asApiError, type ErrorCode } from './errors.js';

/**
 * Idempotency of every POST (spec "Limits", docs/spec-decisions.md §5, after Stripe): per (token, key) for 24
 * hours; the fingerprint is method, path and a hash of the canonical JSON body. The outcome is stored
 * in the same transaction as the change it answers, so a crash leaves both or neither.
 */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;
export const KEY_LIFE_MS = 24 * 3_600_000;

/** Outcomes that are stored and replayed; everything else (400, 401, 403, 422 invalid_input, 429 rate_limited, 5xx) is not. */
const STORED_ERRORS: ReadonlySet<ErrorCode> = new Set(['not_found', 'slot_unavailable', 'invalid_transition', 'too_many_pending']);

/** JSON with object keys sorted at every depth: the same body in any key order has one text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function fingerprint(method: string, path: string, body: unknown): string {
  const bodyHash = createHash('sha256').update(canonicalJson(body ?? null)).digest('hex');
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${bodyHash}`).digest('hex');
}

/** One call's claim on a key, as the route layer hands it to the handler. */
export interface IdempotencyScope {
  tokenId: string;
  key: string;
  fingerprint: string;
  now: Date;
  /** The status a success answers with (stored with the body). */
  successStatus: number;
  /** A concurrent duplicate waits this long for the first call, then answers 429 (IDEMPOTENCY_WAIT_MS, 10 s). */
  duplicateWaitMs: number;
  /** Called when the answer is a replay: the route layer adds `Idempotent-Replayed: true`. */
  markReplayed(): void;
}

interface StoredError {
  error: { code: ErrorCode; message: string; field?: string };
  /** When a stored 429 may be retried (ms since the epoch): its replays answer a Retry-After from it. */
  retryAt?: number;
}

const REPLAYED = { 'Idempotent-Replayed': 'true' };

/** The stored answer again: its body, or its error (with this call's request id, like every error). */
function replay<R>(scope: IdempotencyScope, record: KeyRecord): R {
  if (record.fingerprint !== scope.fingerprint) {
    throw new ApiError('idempotency_mismatch', 'This Idempotency-Key was used with a different method, path or body in the last 24 hours.', 'Idempotency-Key');
  }
  scope.markReplayed();
  if (record.status !== null && record.status >= 400) {
    const { error, retryAt } = record.body as StoredError;
    const retry: Record<string, string> = retryAt !== undefined ? { 'Retry-After': String(Math.max(1, Math.ceil((retryAt - scope.now.getTime()) / 1000))) } : {};
    throw new ApiError(error.code, error.message, error.field, { ...REPLAYED, ...retry });
  }
  return record.body as R;
}

function isLockTimeout(e: unknown): boolean {
  return (e as { code?: unknown }).code === '55P03';
}

const busy = () => new ApiError('rate_limited', 'A call with this Idempotency-Key is still in progress; retry shortly.', undefined, { 'Retry-After': '1' });

/**
 * Runs a change once per key. `prepare` runs outside the transaction (reads that need no lock, such
 * as the availability check); `work` runs inside it with the key held. A replay answers the stored
 * outcome without running either.
 */
export async function once<P, R>(db: Db, scope: IdempotencyScope, prepare: () => Promise<P>, work: (trx: Db, prepared: P) => Promise<R>): Promise<R> {
  const since = new Date(scope.now.getTime() - KEY_LIFE_MS);
  const seen = await findKey(db, scope.tokenId, scope.key, since);
  if (seen && seen.status !== null) return replay<R>(scope, seen);

  let prepared: P | undefined;
  let prepareError: ApiError | undefined;
  try {
    prepared = await prepare();
  } catch (e) {
    const api = asApiError(e);
    if (!api || !STORED_ERRORS.has(api.code)) throw api ?? e;
    prepareError = api;
  }

  type Outcome = { kind: 'done'; value: R } | { kind: 'error'; error: ApiError } | { kind: 'replay'; record: KeyRecord };
  let outcome: Outcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      await setLockTimeout(trx, scope.duplicateWaitMs);
      const first = await claimKey(trx, { tokenId: scope.tokenId, key: scope.key, fingerprint: scope.fingerprint, now: scope.now, since });
      if (!first) {
        const record = await findKey(trx, scope.tokenId, scope.key, since);
        if (!record || record.status === null) throw busy();
        return { kind: 'replay', record };
      }
      try {
        if (prepareError) throw prepareError;
        const value = await work(trx, prepared as P);
        await saveOutcome(trx, scope.tokenId, scope.key, scope.successStatus, value);
        return { kind: 'done', value };
      } catch (e) {
        const api = asApiError(e);
        if (!api || !STORED_ERRORS.has(api.code)) throw api ?? e;
        const retryAfter = api.headers['Retry-After'];
        const stored: StoredError = {
          error: { code: api.code, message: api.message, ...(api.field !== undefined ? { field: api.field } : {}) },
          ...(retryAfter ? { retryAt: scope.now.getTime() + Number(retryAfter) * 1000 } : {}),
        };
        await saveOutcome(trx, scope.tokenId, scope.key, api.status, stored);
        return { kind: 'error', error: api };
      }
    });
  } catch (e) {
    if (isLockTimeout(e)) throw busy();
    throw e;
  }
  if (outcome.kind === 'replay') return replay<R>(scope, outcome.record);
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.value;
}
