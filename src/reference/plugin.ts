import { setFixedHeaders } from '../web/fixed-headers.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { referenceAssets } from './assets.js';
import { referenceDocument } from './document.js';
import { guidesMarkdown, readDoc } from './guides.js';
import { referencePage } from './page.js';
import { referenceSecurityHeaders } from './security-headers.js';

export interface ReferenceOptions {
  publicBaseUrl: string;
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
  let document: Promise<string> | null = null;
  const documentText = () => {
    document ??= options.openapi().then((doc) => JSON.stringify(referenceDocument(doc, guides)));
    // A failure is not kept: the next visit tries again.
    document.catch(() => (document = null));
    return document;
  };

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
  app.get('/docs/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 301));
  app.get('/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(await documentText()),
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
