import path from 'node:path';

/** Everything the service reads from its environment, read once and frozen. Nothing else reads process.env. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** Folder of the embedded PGlite store; unused when databaseUrl is set. */
  readonly dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is the store instead of PGlite. */
  readonly databaseUrl: string | null;
  /** Redis for shared rate limits between instances (a later issue implements the store). */
  readonly redisUrl: string | null;
  /** Where the API is reached from outside, used in profile.publicUrl and status links. */
  readonly publicBaseUrl: string;
  readonly logLevel: string;
  /** How long a token look-up may be served from memory on an instance that did not revoke it. */
  readonly tokenCacheSeconds: number;
  /**
   * Host names outbound fetches may reach at private addresses (ALLOW_PRIVATE_HOSTS, comma-separated;
   * empty by default). For tests and local development only: `serve` warns loudly when it is set.
   */
  readonly allowPrivateHosts: readonly string[];
  /** How often the job worker looks for due jobs when idle (JOB_POLL_MS). */
  readonly jobPollMs: number;
  /** How often the webhook delivery worker looks for due deliveries when idle (WEBHOOK_POLL_MS). */
  readonly webhookPollMs: number;
  /**
   * How long a claimed job (JOB_LEASE_MS, 5 min) or webhook delivery (WEBHOOK_LEASE_MS, 60 s) is held
   * before another worker may take it: what a worker killed mid-way leaves waiting. Longer than any
   * job or attempt runs (an attempt lasts at most 15 s); tests shorten them.
   */
  readonly jobLeaseMs: number;
  readonly webhookLeaseMs: number;
  /**
   * How long an owner's decision waits before it takes effect, the time to undo it (UNDO_WINDOW_MS,
   * 5 s; docs/spec-decisions.md §3). A browser test raises it: on a busy machine the page between
   * Accept and Undo can take longer than 5 s.
   */
  readonly undoWindowMs: number;
  /**
   * SMTP server for emails to requesters (SMTP_URL, e.g. smtps://user:pass@mail.example:465); null
   * keeps every email in the local outbox that the owner console shows.
   */
  readonly smtpUrl: string | null;
  /** Sender of those emails (EMAIL_FROM). */
  readonly emailFrom: string;
  /** Slow clients (docs/decisions.md "Hardening"): how long a connection may take to send its headers (HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** How long a whole request may take to arrive, body included (REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /**
   * Connections held at once; further ones are closed at accept (MAX_CONNECTIONS). `serve` lowers it
   * to what the descriptor limit leaves (src/server/descriptor-budget.ts) and says so at start.
   */
  readonly maxConnections: number;
  /**
   * Connections one client address may hold at once (MAX_CONNECTIONS_PER_ADDRESS; IPv6 by its /64);
   * null (the default) is a quarter of the cap. Proxies TRUST_PROXY names are held to the cap alone.
   */
  readonly maxConnectionsPerAddress: number | null;
  /**
   * Posts of the public booking form an hour, per client address (IPv6 by its /64) across every
   * page, and per owner from every address together (BOOKING_POSTS_PER_HOUR_PER_ADDRESS, ..._PER_OWNER;
   * docs/decisions.md "Hardening"). At least 1: there is no "unlimited".
   */
  readonly bookingPosts: { readonly perAddress: number; readonly perOwner: number };
  /**
   * Sign-up attempts an hour per client address (IPv6 by its /64), successful or not: each costs a
   * strength estimate and an argon2 hash (SIGN_UPS_PER_HOUR_PER_ADDRESS; docs/decisions.md "Hardening").
   */
  readonly signUpsPerHourPerAddress: number;
  /** Prometheus metrics on this port (METRICS_PORT); null (the default) serves none. Never the API's port. */
  readonly metricsPort: number | null;
  /** Where the metrics listen (METRICS_HOST; default HOST). */
  readonly metricsHost: string;
  /**
   * Addresses of the load balancers in front (TRUST_PROXY: comma-separated addresses or CIDRs, as
   * Fastify reads them); their X-Forwarded-For names the client, whose address the per-address
   * limits count. Empty (the default): the peer's address is the client's.
   */
  readonly trustProxy: string | null;
  /** On SIGTERM, how long requests, jobs and deliveries under way may take to finish (SHUTDOWN_GRACE_MS). */
  readonly shutdownGraceMs: number;
  /**
   * Load shedding (docs/decisions.md "Hardening"): while the event loop's mean delay over the last
   * sample (SHED_SAMPLE_INTERVAL_MS) exceeds SHED_EVENT_LOOP_DELAY_MS, requests are answered at once
   * with 503 and `Retry-After: SHED_RETRY_AFTER_SECONDS`. Each at least 1.
   */
  readonly shedding: { readonly maxEventLoopDelayMs: number; readonly sampleIntervalMs: number; readonly retryAfterSeconds: number };
  /**
   * How long the service waits for what may answer late (docs/decisions.md "Deadlines"): a check of
   * GET /readyz (READINESS_CHECK_MS, 2 s), a duplicate call on its Idempotency-Key
   * (IDEMPOTENCY_WAIT_MS, 10 s), Redis at start (REDIS_START_WAIT_MS, 5 s), a webhook receiver's
   * connection and whole answer (WEBHOOK_CONNECT_TIMEOUT_MS, 5 s; WEBHOOK_ANSWER_TIMEOUT_MS, 15 s), a
   * Redis command before the rate limits fall back to memory (REDIS_COMMAND_TIMEOUT_MS, 500 ms).
   * Each at least 1; tests raise them, where the machine is the slow party and not what is awaited.
   */
  readonly deadlines: {
    readonly readinessCheckMs: number;
    readonly idempotencyWaitMs: number;
    readonly redisStartWaitMs: number;
    readonly webhookConnectMs: number;
    readonly webhookAnswerMs: number;
    readonly redisCommandMs: number;
  };
}

export interface ConfigOverrides {
  port?: number | undefined;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535 * 1000) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** A limit that cannot be switched off: 0 would mean "never" to Node's server. */
function atLeastOne(name: string, raw: string | undefined, fallback: number): number {
  const n = positiveInt(name, raw, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${raw}"`);
  return n;
}

/** 'a.test, Localhost.' -> ['a.test', 'localhost']: lowercase, no final dot, no blanks. */
function hostList(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((h) => h.trim().toLowerCase().replace(/\.$/, '')).filter((h) => h !== '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const port = overrides.port ?? positiveInt('PORT', env.PORT, 3000);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || null);
  const headersTimeoutMs = atLeastOne('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 15_000);
  const requestTimeoutMs = atLeastOne('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000);
  // Node refuses a request timeout shorter than the headers' (the headers are part of the request).
  if (requestTimeoutMs < headersTimeoutMs) throw new Error(`REQUEST_TIMEOUT_MS (${requestTimeoutMs}) must be at least HEADERS_TIMEOUT_MS (${headersTimeoutMs})`);
  const metricsPort = env.METRICS_PORT ? atLeastOne('METRICS_PORT', env.METRICS_PORT, 9464) : null;
  if (metricsPort !== null && metricsPort > 65535) throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
  return Object.freeze({
    port,
    host: env.HOST || '127.0.0.1',
    metricsPort,
    metricsHost: env.METRICS_HOST || env.HOST || '127.0.0.1',
    trustProxy: env.TRUST_PROXY?.trim() || null,
    shutdownGraceMs: positiveInt('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 20_000),
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || null,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    tokenCacheSeconds: positiveInt('TOKEN_CACHE_SECONDS', env.TOKEN_CACHE_SECONDS, 5),
    allowPrivateHosts: Object.freeze(hostList(env.ALLOW_PRIVATE_HOSTS)),
    jobPollMs: positiveInt('JOB_POLL_MS', env.JOB_POLL_MS, 2000),
    webhookPollMs: positiveInt('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 250),
    jobLeaseMs: atLeastOne('JOB_LEASE_MS', env.JOB_LEASE_MS, 5 * 60_000),
    webhookLeaseMs: atLeastOne('WEBHOOK_LEASE_MS', env.WEBHOOK_LEASE_MS, 60_000),
    undoWindowMs: atLeastOne('UNDO_WINDOW_MS', env.UNDO_WINDOW_MS, 5000),
    smtpUrl: env.SMTP_URL || null,
    emailFrom: env.EMAIL_FROM || 'Calendar Access <no-reply@localhost>',
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: atLeastOne('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 65_000),
    maxConnections: atLeastOne('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 1000),
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS ? atLeastOne('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, 250) : null,
    bookingPosts: Object.freeze({
      perAddress: atLeastOne('BOOKING_POSTS_PER_HOUR_PER_ADDRESS', env.BOOKING_POSTS_PER_HOUR_PER_ADDRESS, 10),
      perOwner: atLeastOne('BOOKING_POSTS_PER_HOUR_PER_OWNER', env.BOOKING_POSTS_PER_HOUR_PER_OWNER, 60),
    }),
    signUpsPerHourPerAddress: atLeastOne('SIGN_UPS_PER_HOUR_PER_ADDRESS', env.SIGN_UPS_PER_HOUR_PER_ADDRESS, 10),
    shedding: Object.freeze({
      maxEventLoopDelayMs: atLeastOne('SHED_EVENT_LOOP_DELAY_MS', env.SHED_EVENT_LOOP_DELAY_MS, 500),
      sampleIntervalMs: atLeastOne('SHED_SAMPLE_INTERVAL_MS', env.SHED_SAMPLE_INTERVAL_MS, 1000),
      retryAfterSeconds: atLeastOne('SHED_RETRY_AFTER_SECONDS', env.SHED_RETRY_AFTER_SECONDS, 2),
    }),
    deadlines: Object.freeze({
      readinessCheckMs: atLeastOne('READINESS_CHECK_MS', env.READINESS_CHECK_MS, 2000),
      idempotencyWaitMs: atLeastOne('IDEMPOTENCY_WAIT_MS', env.IDEMPOTENCY_WAIT_MS, 10_000),
      redisStartWaitMs: atLeastOne('REDIS_START_WAIT_MS', env.REDIS_START_WAIT_MS, 5000),
      webhookConnectMs: atLeastOne('WEBHOOK_CONNECT_TIMEOUT_MS', env.WEBHOOK_CONNECT_TIMEOUT_MS, 5000),
      webhookAnswerMs: atLeastOne('WEBHOOK_ANSWER_TIMEOUT_MS', env.WEBHOOK_ANSWER_TIMEOUT_MS, 15_000),
      redisCommandMs: atLeastOne('REDIS_COMMAND_TIMEOUT_MS', env.REDIS_COMMAND_TIMEOUT_MS, 500),
    }),
  });
}
