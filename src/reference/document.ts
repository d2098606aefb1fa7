/**
 * The document /docs renders: the API's OpenAPI document (served as /openapi.json, written from the
 * route definitions) with the guides (guides.ts) added to its description, so the reference reads
 * from authentication to webhooks before the operations. Nothing else changes: operations, their
 * `x-codeSamples`, the components and the `webhooks` section are the API's own.
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
