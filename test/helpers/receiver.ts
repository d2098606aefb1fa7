import type { IncomingHttpHeaders } from 'node:http';
import { after, afterEach, before } from 'node:test';
import type { ApiHarness } from './api.js';
import { startHttpsServer, type TestHttpsServer } from './https-server.js';

/** One request a test receiver got: its path, headers, raw body, and the pinned clock at that moment. */
export interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}
export type Route = (hit: Hit) => Answer;
export const ok: Route = () => ({ status: 200 });

/** A webhook event record as a receiver parses it. */
export interface EventJson {
  id: string;
  type: string;
  apiVersion: string;
  occurredAt: string;
  account: string;
  test: boolean;
  data: Record<string, unknown>;
}

export interface Receiver {
  /** The HTTPS server (its url(), ca and connections). */
  readonly server: TestHttpsServer;
  hits: Hit[];
  /** How each path answers; 200 where none is set. */
  routes: Map<string, Route>;
  hitsOn(path: string): Hit[];
}

/**
 * A real HTTPS webhook receiver for one describe block, recording every hit. Deliveries a test leaves
 * pending are cancelled after it, since every worker run claims whatever is due in the shared store.
 */
export function useReceiver(api: ApiHarness): Receiver {
  let server: TestHttpsServer;
  const r: Receiver = {
    get server() {
      return server;
    },
    hits: [],
    routes: new Map(),
    hitsOn: (path) => r.hits.filter((h) => h.path === path),
  };
  before(async () => {
    server = await startHttpsServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const hit: Hit = { path: req.url ?? '', headers: req.headers, body: raw, at: api.clock.now().getTime() };
        r.hits.push(hit);
        const answer = (r.routes.get(hit.path) ?? ok)(hit);
        res.writeHead(answer.status, answer.headers ?? {});
        res.end('ok');
      });
    });
  });
  after(() => server.close());
  afterEach(async () => {
    await api.rt.store.db.updateTable('webhook_deliveries').set({ status: 'cancelled', locked_by: null, locked_until: null }).where('status', '=', 'pending').execute();
  });
  return r;
}
