/**
 * The document /docs renders: the API's OpenAPI document (served as /openapi.json, written from the
 * route definitions) with the guides (guides.ts) added to its description, so the reference reads
 * from authentication to webhooks before the operations. Nothing else changes: operations, their
 * `x-codeSamples`, the components and the `webhooks` section are the API's own — but for the
 * address the samples call, which `samplesAt` makes the service's own.
 */
type Json = Record<string, unknown>;

export function referenceDocument(openapi: Json, guides: string): Json {
  const info = (openapi.info ?? {}) as Json;
  const intro = typeof info.description === 'string' ? info.description : '';
  const description = [
    intro,
    'Base address `/api/v1`. Every operation below shows a curl call and the same call through the TypeScript SDK (`@calendar-access/sdk`); the event catalogue, with an example payload of each event type, is under **Webhooks** at the end. The machine-readable document is [openapi.json](openapi.json).',
    '## Guides',
    guides,
  ].join('\n\n');
  return { ...openapi, info: { ...info, description } };
}

type Sample = { source?: unknown };

/**
 * The document with its code samples calling `origin` (`https://cal.example.com`, no path) instead
 * of `writtenFor`, the address openapi.json's samples call (`http://localhost:3000/api/v1`, from
 * http/openapi-samples.ts): a reader of /docs copies a call that reaches the service they are
 * reading, as "Try it out" does (it calls the page's own server). The path stays.
 */
export function samplesAt(doc: Json, writtenFor: string, origin: string): Json {
  const base = `${origin.replace(/\/+$/, '')}${new URL(writtenFor).pathname.replace(/\/+$/, '')}`;
  if (base === writtenFor) return doc;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const rebased = Object.fromEntries(
    Object.entries(paths).map(([path, ops]) => [
      path,
      Object.fromEntries(
        Object.entries(ops).map(([method, op]) => {
          const samples = op['x-codeSamples'];
          if (!Array.isArray(samples)) return [method, op];
          const moved = (samples as Sample[]).map((s) => (typeof s.source === 'string' ? { ...s, source: s.source.replaceAll(writtenFor, base) } : s));
          return [method, { ...op, 'x-codeSamples': moved }];
        }),
      ),
    ]),
  );
  return { ...doc, paths: rebased };
}
