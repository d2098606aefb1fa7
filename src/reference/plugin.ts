import { setFixedHeaders } from '../web/fixed-headers.js';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { referenceAssets } from './assets.js';
import { referenceDocument, samplesAt } from './document.js';
import { guidesMarkdown, readDoc } from './guides.js';
import { referencePage } from './page.js';
import { referenceSecurityHeaders } from './security-headers.js';

export interface ReferenceOptions {
  publicBaseUrl: string;
  /**
   * Where the code samples send their calls: PUBLIC_BASE_URL when it is set; null (it is not) for
   * the origin each request was sent to, as "Try it out" does (a port mapped by Docker, a LAN name).
   */
  samplesOrigin: string | null;
  /** The address the document's samples were written for (http/openapi-samples.ts SAMPLE_BASE_URL). */
  samplesWrittenFor: string;
  /** The API's OpenAPI document (http/openapi.ts generateOpenApi): asked once, on the first visit. */
  openapi: () => Promise<Record<string, unknown>>;
  /** Reads a file of docs/ (the guides' source); the checkout's or image's docs/ by default. */
  readDoc?: (file: string) => string;
}

/**
 * The API reference at /docs (docs/api-reference.md): Swagger UI, served from the installed
 * swagger-ui-dist, drawing the OpenAPI document with the guides of docs/. Encapsulated, with its own
 * security headers (security-headers.ts). The guides are read when the plugin starts, so a renamed
 * section of docs/ stops the start with its name, not a visitor.
 */
export const referencePlugin: FastifyPluginAsync<ReferenceOptions> = async (app: FastifyInstance, options) => {
  app.addHook('onRequest', setFixedHeaders(referenceSecurityHeaders(options.publicBaseUrl)));
  const guides = guidesMarkdown(options.readDoc ?? readDoc);
  const assets = referenceAssets();
  const page = referencePage(assets, '/docs/');
  let document: Promise<Record<string, unknown>> | null = null;
  const referenceDoc = () => {
    document ??= options.openapi().then((doc) => referenceDocument(doc, guides));
    // A failure is not kept: the next visit tries again.
    document.catch(() => (document = null));
    return document;
  };
  // The document's text for each origin its samples call; a few only, as Host is the client's to choose.
  const texts = new Map<string, string>();
  const documentText = async (origin: string) => {
    const kept = texts.get(origin);
    if (kept !== undefined) return kept;
    const text = JSON.stringify(samplesAt(await referenceDoc(), options.samplesWrittenFor, origin));
    if (texts.size >= 8) texts.delete(texts.keys().next().value!);
    texts.set(origin, text);
    return text;
  };
  const originOf = (request: FastifyRequest) => options.samplesOrigin ?? requestOrigin(request) ?? options.publicBaseUrl;

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
  app.get('/docs/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 301));
  app.get('/docs/openapi.json', { schema: { hide: true } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(await documentText(originOf(request))),
  );
  // The envelope stamps `no-store` on every answer as it is sent; a route's own onSend runs after it.
  // The files' addresses change with their content, so a browser keeps them (Swagger UI's are 1.9 MB).
  const cacheForAYear = async (_request: unknown, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  };
  for (const asset of assets) {
    app.get(`/docs/assets/${asset.file}`, { schema: { hide: true }, onSend: cacheForAYear }, async (_request, reply) => reply.type(asset.type).send(asset.body));
  }
};

/** A host name or IP literal, with a port or not: what a sample may show unquoted in a shell. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `https://host:port` as the request was sent (TRUST_PROXY-aware); null for a Host a sample cannot show. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host ?? '';
  return HOST.test(host) ? `${request.protocol}://${host.toLowerCase()}` : null;
}
