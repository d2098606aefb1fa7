import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useApi } from '../helpers/api.js';

/**
 * What a reader of /docs copies calls the service they are reading (issue #29 point 4): the code
 * samples name PUBLIC_BASE_URL, or, when it is not set, the address the page was asked at (as "Try
 * it out" does), never openapi.json's `http://localhost:3000`. And the OAuth metadata sends people
 * to that page. No storage is read: one engine suffices.
 */
type Sample = { label: string; source: string };
type Doc = { paths: Record<string, Record<string, { operationId: string; 'x-codeSamples': Sample[] }>> };

const samplesOf = (doc: Doc) => Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => ({ id: op.operationId, samples: op['x-codeSamples'] })));

describe('the code samples of /docs, with PUBLIC_BASE_URL set', () => {
  const api = useApi('pglite', '2026-03-29T00:30:00Z', { PUBLIC_BASE_URL: 'https://cal.example.com' });

  it('call PUBLIC_BASE_URL, in curl and in the SDK, and nowhere localhost:3000', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/docs/openapi.json', headers: { host: '127.0.0.1:3000' } });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /localhost:3000/);
    const operations = samplesOf(res.json() as Doc);
    assert.ok(operations.length >= 14);
    for (const { id, samples } of operations) {
      const [curl, sdk] = samples;
      assert.match(curl!.source, /^curl (-G )?https:\/\/cal\.example\.com\/api\/v1\//, id);
      assert.ok(sdk!.source.includes("baseUrl: 'https://cal.example.com/api/v1'"), `${id}: ${sdk!.source}`);
    }
    // The API's own document keeps the default address: it is the same on every server.
    const contract = await api.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.match(contract.body, /curl -G http:\/\/localhost:3000\/api\/v1\/events/);
  });

  it('names /docs as the service documentation in the OAuth metadata, an address that answers the reference', async () => {
    const metadata = (await api.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json() as { service_documentation: string };
    assert.equal(metadata.service_documentation, 'https://cal.example.com/docs');
    const page = await api.app.inject({ method: 'GET', url: new URL(metadata.service_documentation).pathname });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Personal Calendar Access API reference<\/title>/);
  });
});

describe('the code samples of /docs, without PUBLIC_BASE_URL', () => {
  const api = useApi('pglite', '2026-03-29T00:30:00Z', { PUBLIC_BASE_URL: '', PORT: '3000' });

  const curlOf = async (headers: Record<string, string>) => {
    const res = await api.app.inject({ method: 'GET', url: '/docs/openapi.json', headers });
    assert.equal(res.statusCode, 200);
    return samplesOf(res.json() as Doc).find((op) => op.id === 'listEvents')!.samples[0]!.source;
  };

  it('call the address the page was asked at: a port Docker mapped, a name on the LAN', async () => {
    assert.match(await curlOf({ host: 'localhost:8080' }), /^curl -G http:\/\/localhost:8080\/api\/v1\/events /);
    assert.match(await curlOf({ host: 'calendar.lan:3000' }), /^curl -G http:\/\/calendar\.lan:3000\/api\/v1\/events /);
    // Asked again at the first: each address keeps its own samples.
    assert.match(await curlOf({ host: 'localhost:8080' }), /^curl -G http:\/\/localhost:8080\/api\/v1\/events /);
  });

  it('fall back to the configured address for a Host a shell command could not show as it is', async () => {
    assert.match(await curlOf({ host: "evil'$(id)" }), /^curl -G http:\/\/localhost:3000\/api\/v1\/events /);
  });
});
