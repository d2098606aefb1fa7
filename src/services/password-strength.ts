import type { Piscina } from 'piscina';
import { openThreadPool } from '../threads/pool.js';

/**
 * How guessable a new password is (NIST SP 800-63B §5.1.1.2: refuse commonly used, expected or
 * compromised passwords), estimated by zxcvbn-ts with its common and English dictionaries: frequent
 * passwords, keyboard walks, sequences, repeats, dates, names, words, and the account's own details.
 *
 * zxcvbn's estimate is synchronous and, for some inputs, slow (hundreds of milliseconds for 40
 * characters of mixed digits and symbols, seconds for 200), so it runs in a worker thread of its own:
 * a password typed into the public sign-up form never blocks the event loop that answers the API.
 * The thread (password-strength-worker.ts, through src/threads/pool.ts) starts on first use, holds
 * the dictionaries (~35 MB) only while it is used, and ends after a minute idle. Only the first
 * CHECKED_LENGTH characters are estimated, with at most L33T_SUBSTITUTIONS l33t spellings: whatever
 * follows a prefix that is hard to guess only makes the password harder, and an estimate holds the
 * password gate (password-work.ts) for a bounded time.
 */
export const CHECKED_LENGTH = 40;
/** l33t spellings tried per password: enough for "p4ssw0rd", and it keeps a 40-character estimate near 0.15 s. */
export const L33T_SUBSTITUTIONS = 10;
/** zxcvbn's score 3, "safely unguessable" (at least 10^8 guesses): the least a new password needs. */
export const MIN_SCORE = 3;
const IDLE_MS = 60_000;

export interface StrengthVerdict {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** Why it is guessable, in English ("This is a frequently used password."), or null. */
  warning: string | null;
  suggestions: string[];
}

export interface StrengthTask {
  password: string;
  userInputs: string[];
}

/** Estimates passwords in one worker thread (password-strength-worker.ts), started when needed and ended when idle. */
export class PasswordStrength {
  private pool: Piscina | null = null;

  estimate(password: string, userInputs: string[] = []): Promise<StrengthVerdict> {
    this.pool ??= openThreadPool({ caller: import.meta.url, module: './password-strength-worker', maxThreads: 1, idleTimeoutMs: IDLE_MS });
    const task: StrengthTask = { password, userInputs: userInputs.filter((s) => s !== '') };
    return this.pool.run(task) as Promise<StrengthVerdict>;
  }

  /** Ends the thread (the service closing); estimates still running reject. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

/** Why a password is refused, as one sentence for the person choosing it; null when it is good enough. */
export function weaknessOf(v: StrengthVerdict): string | null {
  if (v.score >= MIN_SCORE) return null;
  const why = [v.warning, ...v.suggestions].filter((s): s is string => !!s && s.trim() !== '');
  return `This password is too easy to guess.${why.length ? ` ${why.join(' ')}` : ' Use a longer one, for example a few unrelated words.'}`;
}
