/**
 * Waiting in tests (issue 32, point 8: the suite must pass on a machine at load 12-24, 5-10x slower
 * than a quiet one). A test waits on a condition (a port answering, a row appearing, a log line),
 * never for a fixed time, and never bounds how fast something happens.
 */

/**
 * How long a test waits for something that will happen before it calls it a failure. A condition
 * ends the wait as soon as it holds; this limit only stops a test that would otherwise hang, so it
 * is minutes: on a busy 2-core machine a `serve` start (migrations on PGlite) has been seen to take
 * over 30 s, and a first TLS connection to a local server over 3 s.
 */
export const PATIENCE_MS = 5 * 60_000;

/** Waits until `what` holds, checking every 50 ms, for at most `limitMs`; the error says what never came. */
export async function until(what: () => boolean | Promise<boolean>, label: string | (() => string), limitMs = PATIENCE_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`waited ${limitMs} ms in vain for ${typeof label === 'function' ? label() : label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The service's own deadlines (src/config.ts `deadlines`) raised to the tests' patience: in a test
 * the slow party is the machine, not the database, Redis or the receiver the deadline is about. A
 * test of one of these deadlines sets it short itself, and asserts that it fired, not how soon.
 */
export const PATIENT_DEADLINES_ENV = {
  READINESS_CHECK_MS: String(PATIENCE_MS),
  IDEMPOTENCY_WAIT_MS: String(PATIENCE_MS),
  REDIS_START_WAIT_MS: String(PATIENCE_MS),
  WEBHOOK_CONNECT_TIMEOUT_MS: String(PATIENCE_MS),
  WEBHOOK_ANSWER_TIMEOUT_MS: String(PATIENCE_MS),
  REDIS_COMMAND_TIMEOUT_MS: String(PATIENCE_MS),
} as const;

/**
 * Load shedding out of the way as well (SHED_*: a sample of a minute is never taken while a file
 * runs): a busy machine holding a test service's event loop is not load to shed; and the slow-client
 * limits (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS): the test's own client is not slow, its machine is.
 * With the deadlines above, the settings of every service a test starts, in-process or as `serve`
 * (test/http/load-shedding.test.ts, test/http/slow-clients.test.ts and the tests of each deadline set theirs).
 */
export const PATIENT_SERVICE_ENV = {
  SHED_EVENT_LOOP_DELAY_MS: '60000',
  SHED_SAMPLE_INTERVAL_MS: '60000',
  HEADERS_TIMEOUT_MS: String(PATIENCE_MS),
  REQUEST_TIMEOUT_MS: String(PATIENCE_MS),
  ...PATIENT_DEADLINES_ENV,
} as const;

/** The same for a DeliveryWorker a test builds itself. */
export const PATIENT_DELIVERY = { connectTimeoutMs: PATIENCE_MS, answerTimeoutMs: PATIENCE_MS } as const;

/** The same for a Redis connection a test opens itself (openRedis's overrides: REDIS_COMMAND_TIMEOUT_MS). */
export const PATIENT_REDIS = { commandTimeout: PATIENCE_MS } as const;

/** The same for an outbound fetch a test makes or drives (guardedFetch's options, a feed import's limits). */
export const PATIENT_FETCH = { connectTimeoutMs: PATIENCE_MS, totalTimeoutMs: PATIENCE_MS } as const;
