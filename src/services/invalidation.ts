import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Store } from '../store/db.js';
import { listenPostgres, storeChannel, type Listener } from '../store/listen.js';
import { notify } from '../store/repos/notifications.js';

/**
 * What one instance tells every instance to forget (docs/deploy.md "Invalidation"): cached token
 * look-ups after a revocation, a grant's disconnection, an app's suspension, a change of the owner.
 * Each is safe to apply twice and in any order: it only drops cached entries.
 */
export type Invalidation =
  /** A token was revoked. */
  | { kind: 'token'; tokenId: string }
  /** Every cached token look-up (an owner deleted, the demo owner replaced, a lost connection). */
  | { kind: 'tokens' }
  /** An app's grant from an owner was disconnected: the app's tokens for that owner. */
  | { kind: 'grant'; ownerId: string; appId: string }
  /** An app was suspended: every token of the app. */
  | { kind: 'app'; appId: string }
  /** The owner's profile or settings changed (a booking-settings change included). */
  | { kind: 'owner'; ownerId: string };

export type InvalidationHandler = (message: Invalidation) => void;

/**
 * Publish on one instance, heard on every instance (this one at once, before publish resolves).
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY; on PGlite every writer is in
 * this process and the local bus is all there is.
 */
export interface InvalidationBus {
  readonly transport: 'local' | 'redis' | 'postgres';
  publish(message: Invalidation): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(handler: InvalidationHandler): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'ca_invalidate';

interface Envelope {
  from: string;
  message: Invalidation;
}

const KINDS = new Set(['token', 'tokens', 'grant', 'app', 'owner']);

function parse(text: string): Envelope | null {
  try {
    const e = JSON.parse(text) as Envelope;
    return typeof e.from === 'string' && KINDS.has(e.message?.kind) ? e : null;
  } catch {
    return null;
  }
}

/** The handlers of this process; the transports below add the other instances. */
class LocalBus implements InvalidationBus {
  readonly transport: InvalidationBus['transport'] = 'local';
  private readonly handlers = new Set<InvalidationHandler>();
  protected readonly id = randomUUID();

  async publish(message: Invalidation): Promise<void> {
    this.deliver(message);
  }

  subscribe(handler: InvalidationHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }

  protected deliver(message: Invalidation): void {
    for (const h of this.handlers) h(message);
  }

  /** A message from the transport: others' are delivered, this instance's own were delivered at publish. */
  protected heard(text: string): void {
    const e = parse(text);
    if (e && e.from !== this.id) this.deliver(e.message);
  }

  protected wrap(message: Invalidation): string {
    return JSON.stringify({ from: this.id, message } satisfies Envelope);
  }
}

class RedisBus extends LocalBus {
  override readonly transport = 'redis' as const;
  private subscribed = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly onError: (e: unknown) => void,
  ) {
    super();
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.heard(text);
    });
    // ioredis subscribes again after a reconnect; what was published meanwhile is lost, so forget it all.
    subscriber.on('ready', () => {
      if (this.subscribed) this.deliver({ kind: 'tokens' });
      else this.listen();
    });
  }

  /** Subscribes now when connected, else at the first connection (the 'ready' above). */
  start(): void {
    if (this.subscriber.status === 'ready') this.listen();
  }

  private listen(): void {
    this.subscriber.subscribe(this.channel).then(
      () => void (this.subscribed = true),
      (e: unknown) => this.onError(e),
    );
  }

  override async publish(message: Invalidation): Promise<void> {
    this.deliver(message);
    await this.publisher.publish(this.channel, this.wrap(message));
  }

  override async close(): Promise<void> {
    await super.close();
    this.subscriber.disconnect();
  }
}

class PostgresBus extends LocalBus {
  override readonly transport = 'postgres' as const;
  private listener: Listener | null = null;

  constructor(
    private readonly store: Store,
    private readonly channel: string,
  ) {
    super();
  }

  async start(databaseUrl: string, onError: (e: unknown) => void): Promise<void> {
    this.listener = await listenPostgres({
      databaseUrl,
      channel: this.channel,
      onPayload: (text) => this.heard(text),
      onReconnect: () => this.deliver({ kind: 'tokens' }),
      onError,
    });
  }

  override async publish(message: Invalidation): Promise<void> {
    this.deliver(message);
    await notify(this.store.db, this.channel, this.wrap(message));
  }

  override async close(): Promise<void> {
    await super.close();
    await this.listener?.close();
  }
}

export interface BusOptions {
  store: Store;
  databaseUrl: string | null;
  /** Redis connections when REDIS_URL is set: one to publish on (shared), one that only subscribes. */
  redis: { publisher: Redis; subscriber: Redis } | null;
  onError(e: unknown): void;
}

/** The bus of this instance: Redis when configured, else PostgreSQL when the store is one, else this process alone. */
export async function openInvalidationBus(options: BusOptions): Promise<InvalidationBus> {
  if (options.redis) {
    const bus = new RedisBus(options.redis.publisher, options.redis.subscriber, storeChannel(options.store, CHANNEL), options.onError);
    bus.start();
    return bus;
  }
  if (options.store.engine === 'postgres' && options.databaseUrl) {
    const bus = new PostgresBus(options.store, storeChannel(options.store, CHANNEL));
    await bus.start(options.databaseUrl, options.onError);
    return bus;
  }
  return new LocalBus();
}
