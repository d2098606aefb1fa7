import { Worker } from 'node:worker_threads';

/**
 * How guessable a new password is (NIST SP 800-63B §5.1.1.2: refuse commonly used, expected or
 * compromised passwords), estimated by zxcvbn-ts with its common and English dictionaries: frequent
 * passwords, keyboard walks, sequences, repeats, dates, names, words, and the account's own details.
 *
 * zxcvbn's estimate is synchronous and, for some inputs, slow (hundreds of milliseconds for 40
 * characters of mixed digits and symbols, seconds for 200), so it runs in a worker thread of its own:
 * a password typed into the public sign-up form never blocks the event loop that answers the API.
 * The worker is started on first use, holds the dictionaries (~35 MB) only while it is used, and
 * ends after a minute idle. Only the first CHECKED_LENGTH characters are estimated, with at most
 * L33T_SUBSTITUTIONS l33t spellings: whatever follows a prefix that is hard to guess only makes the
 * password harder, and an estimate holds the password gate (password-work.ts) for a bounded time.
 */
export const CHECKED_LENGTH = 40;
/** l33t spellings tried per password: enough for "p4ssw0rd", and it keeps a 40-character estimate near 0.15 s. */
const L33T_SUBSTITUTIONS = 10;
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

// The worker's code: plain JavaScript that imports the packages by their resolved URLs, so the same
// code runs under tsx (src/) and from dist/ (a worker cannot load a .ts file on Node 20).
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
Promise.all(workerData.modules.map((url) => import(url))).then(([core, common, en]) => {
  const zxcvbn = new core.ZxcvbnFactory({
    maxLength: workerData.maxLength,
    l33tMaxSubstitutions: workerData.l33tMaxSubstitutions,
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  parentPort.on('message', ({ id, password, userInputs }) => {
    try {
      const r = zxcvbn.check(password, userInputs);
      parentPort.postMessage({ id, verdict: { score: r.score, warning: r.feedback.warning, suggestions: r.feedback.suggestions } });
    } catch (e) {
      parentPort.postMessage({ id, error: String(e && e.message || e) });
    }
  });
});
`;

const MODULES = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en'].map((name) => import.meta.resolve(name));

interface Waiting {
  resolve(v: StrengthVerdict): void;
  reject(e: Error): void;
}

/** Estimates passwords in one worker thread, started when needed and ended when idle. */
export class PasswordStrength {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private idle: NodeJS.Timeout | null = null;

  estimate(password: string, userInputs: string[] = []): Promise<StrengthVerdict> {
    const worker = this.start();
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // While an estimate is awaited the worker keeps the process alive (a CLI command waits for it).
    worker.ref();
    return new Promise<StrengthVerdict>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, userInputs: userInputs.filter((s) => s !== '') });
    });
  }

  /** Ends the worker (the service closing). */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
    this.failAll(new Error('the password checker was closed'));
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { modules: MODULES, maxLength: CHECKED_LENGTH, l33tMaxSubstitutions: L33T_SUBSTITUTIONS } });
    worker.on('message', (m: { id: number; verdict?: StrengthVerdict; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.verdict) w?.resolve(m.verdict);
      else w?.reject(new Error(`the password checker failed: ${m.error}`));
      if (this.waiting.size === 0) this.rest(worker);
    });
    const gone = (e: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(e);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the password checker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Nothing awaited: the worker no longer keeps the process alive, and ends after a while. */
  private rest(worker: Worker): void {
    worker.unref();
    this.idle = setTimeout(() => {
      if (this.worker === worker && this.waiting.size === 0) {
        this.worker = null;
        void worker.terminate();
      }
    }, IDLE_MS).unref();
  }

  private failAll(e: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of all) w.reject(e);
  }
}

/** Why a password is refused, as one sentence for the person choosing it; null when it is good enough. */
export function weaknessOf(v: StrengthVerdict): string | null {
  if (v.score >= MIN_SCORE) return null;
  const why = [v.warning, ...v.suggestions].filter((s): s is string => !!s && s.trim() !== '');
  return `This password is too easy to guess.${why.length ? ` ${why.join(' ')}` : ' Use a longer one, for example a few unrelated words.'}`;
}
