import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { oauthSubjects } from '../limits/oauth-attempts.js';
import { clearFailures, countFailure, heldFor } from '../limits/sign-in.js';
import { claimedClientId } from './client-auth.js';
import { OAuthError } from './errors.js';
import type { RawParams } from './params.js';

/** The refusals that are a wrong guess: a client's credentials, or a code, refresh token or verifier. */
const COUNTED = new Set(['invalid_client', 'invalid_grant']);

/**
 * Runs one token or revocation request under the throttle of failed attempts (limits/oauth-attempts.ts):
 * while its address or the client it names is held, it is answered `429 temporarily_unavailable`
 * with `Retry-After` before anything is looked up or compared, so a right secret gets the same
 * answer as a wrong one until the hold lifts. A counted refusal is counted against both; a success
 * forgets the client's failures (not the address's: one right client does not vouch for the rest).
 */
export async function throttledAttempt<T>(services: Pick<Deps, 'limits' | 'clock'>, request: FastifyRequest, body: RawParams, attempt: () => Promise<T>): Promise<T> {
  const subjects = oauthSubjects(request.ip, claimedClientId(request, body));
  const wait = await heldFor(services.limits, subjects, services.clock.now().getTime());
  if (wait > 0) {
    throw new OAuthError('temporarily_unavailable', `Too many failed attempts from this address or for this client: try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`, false, wait);
  }
  try {
    const result = await attempt();
    if (subjects.length > 1) await clearFailures(services.limits, subjects[0]!);
    return result;
  } catch (e) {
    if (e instanceof OAuthError && COUNTED.has(e.code)) await countFailure(services.limits, subjects, services.clock.now().getTime());
    throw e;
  }
}
