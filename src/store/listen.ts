import type { Store } from './db.js';

/** A subscription to a PostgreSQL notification channel, on a connection of its own. */
export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  databaseUrl: string;
  channel: string;
  onPayload(payload: string): void;
  /**
   * Called when the connection came back after a loss: notifications sent meanwhile are lost, so
   * the subscriber forgets whatever they could have told it.
   */
  onReconnect(): void;
  onError(error: unknown): void;
}

/** Waits this long before connecting again after the listening connection broke. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would hand the subscription to another query).
 * The connection is opened again by itself when it breaks.
 */
export async function listenPostgres(options: ListenOptions): Promise<Listener> {
  const { default: pg } = await import('pg');
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: options.databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === options.channel) options.onPayload(n.payload ?? '');
    });
    const broken = (e: unknown) => {
      if (closed || client !== c) return;
      client = null;
      options.onError(e);
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true).catch(() => undefined), RECONNECT_MS);
    };
    c.on('error', broken);
    c.on('end', () => broken(new Error('the listening connection ended')));
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${options.channel}"`);
    } catch (e) {
      if (!again) {
        // The first connection is the caller's to fail: no retries behind its back.
        closed = true;
        await c.end().catch(() => undefined);
        throw e;
      }
      broken(e);
      return;
    }
    if (again) options.onReconnect();
  };

  await connect(false);
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** The channel of one store: PostgreSQL's notifications reach the whole database, a test schema is one store of many. */
export function storeChannel(store: Store, name: string): string {
  return store.schema ? `${name}_${store.schema}` : name;
}
