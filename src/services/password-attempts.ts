import type { Clock } from '../domain/clock.js';
import { ServiceError } from '../domain/service-error.js';
import { queueEmail } from '../email/outbox.js';
import { renderSignInLockedEmail } from '../email/sign-in-locked.js';
import { checkLimits } from '../limits/policy.js';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, clearFailures, countFailure, DEVICE_THROTTLE, heldFor, type Subject } from '../limits/sign-in.js';
import type { RateLimitStore } from '../limits/store.js';
import type { Db } from '../store/db.js';
import type { OwnerRow } from '../store/schema.js';

/**
 * Every check of an owner's password (sign-in, and the console's password change and account
 * deletion) runs through `throttledCheck`: refused while its account or address is held after wrong
 * passwords (limits/sign-in.ts), counted when wrong, and the owner emailed when the failures lock
 * the account.
 */
export interface PasswordAttempt {
  /** The username typed (lower-cased): counted whether or not such an account exists. */
  username: string;
  /** The client's address. */
  address: string;
  /** A browser the account was signed in with before (web/device-cookie.ts), or null. */
  device: string | null;
}

export interface AttemptEnv {
  db: Db;
  clock: Clock;
  limits: RateLimitStore;
  /** Whether emails go out through SMTP (else they stay in the console's outbox). */
  smtp: boolean;
}

const DAY_MS = 86_400_000;

/** A known browser is counted on its own and never locked by others' failures; any other by the account's name. */
function subjectsOf(a: PasswordAttempt): [Subject, Subject] {
  return [a.device ? { throttle: DEVICE_THROTTLE, id: a.device } : { throttle: ACCOUNT_THROTTLE, id: a.username }, { throttle: ADDRESS_THROTTLE, id: a.address }];
}

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A password check's outcome: right or not, and the account the username names, if any (emailed when a failure locks it). */
export interface CheckOutcome {
  ok: boolean;
  owner: OwnerRow | undefined;
}

/**
 * Runs `check` (the account's look-up and the password's argon2 check) unless the attempt is held:
 * then it is refused with `rate_limited` and its wait before anything is looked up or checked, so a
 * right password gets the same answer as a wrong one and a held attempt costs neither a query nor a
 * hash. A wrong password is counted; a right one forgets its account's (or browser's) failures.
 */
export async function throttledCheck(env: AttemptEnv, attempt: PasswordAttempt, check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  const subjects = subjectsOf(attempt);
  const wait = await heldFor(env.limits, subjects, env.clock.now().getTime());
  if (wait > 0) throw new ServiceError('rate_limited', `Too many wrong passwords. Please wait ${inWords(wait)} before trying again.`, 'password', wait);
  const outcome = await check();
  if (outcome.ok) {
    await clearFailures(env.limits, subjects[0]);
    return outcome;
  }
  const now = env.clock.now();
  const locked = await countFailure(env.limits, subjects, now.getTime());
  if (outcome.owner?.email && locked.some((s) => s.throttle === ACCOUNT_THROTTLE)) await tellOwner(env, outcome.owner, attempt, now);
  return outcome;
}

/** At most one such email a day: the owner needs to know, not to be flooded by the one attacking. */
async function tellOwner(env: AttemptEnv, owner: OwnerRow, attempt: PasswordAttempt, now: Date): Promise<void> {
  const once = await checkLimits(env.limits, [{ key: `signin-mail:${owner.id}`, max: 1, windowMs: DAY_MS }], now.getTime());
  if (!once.allowed) return;
  const rendered = renderSignInLockedEmail({
    ownerName: owner.display_name,
    username: owner.username,
    failures: ACCOUNT_THROTTLE.lockAt,
    address: attempt.address,
    until: new Date(now.getTime() + ACCOUNT_THROTTLE.lockMs),
  });
  await queueEmail(env.db, { ownerId: owner.id, requestId: null, kind: 'signin_locked', to: owner.email!, rendered }, now, env.smtp);
}
