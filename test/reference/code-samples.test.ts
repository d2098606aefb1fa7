import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CalendarAccess } from '../../packages/sdk/src/index.js';
import { sdkMethodOf } from '../../src/http/openapi-samples.js';

/**
 * Every operation of openapi.json carries `x-codeSamples` (issue #14 point 2): a curl call and the
 * same call through the SDK, written from the route definitions (http/openapi-samples.ts). The SDK
 * samples are compiled under `strict` against the SDK's sources, so a renamed method or a changed
 * parameter fails here rather than in a reader's editor.
 */
type Sample = { lang: string; label: string; source: string };
type Operation = { operationId: string; parameters?: { name: string; in: string }[]; 'x-codeSamples'?: Sample[] };
const DOC = JSON.parse(readFileSync('openapi.json', 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const OPERATIONS = Object.entries(DOC.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method, op })));

describe('the code samples of the API reference', () => {
  it('are on every operation: curl and the SDK, the curl call at the operation\'s path with its method, token and key', () => {
    assert.ok(OPERATIONS.length >= 14);
    for (const { path: p, method, op } of OPERATIONS) {
      const samples = op['x-codeSamples'] ?? [];
      assert.deepEqual(samples.map((s) => s.label), ['curl', 'SDK'], op.operationId);
      const curl = samples[0]!.source;
      const route = new RegExp(`^curl (-G )?http://localhost:3000/api/v1${p.replace(/\{[^}]+\}/g, '[^ /]+')} `);
      assert.match(curl, route, op.operationId);
      assert.match(curl, /-H "Authorization: Bearer \$SVC_TOKEN"/, op.operationId);
      const keyed = (op.parameters ?? []).some((q) => q.in === 'header' && q.name.toLowerCase() === 'idempotency-key');
      assert.equal(/Idempotency-Key: \$\(uuidgen\)/.test(curl), keyed, `${op.operationId}: a key exactly where the operation takes one`);
      assert.equal(/ -d '/.test(curl), method === 'post', op.operationId);
    }
  });

  it('call a method the SDK client has, for every operation', () => {
    const client = new CalendarAccess({ token: 'svc_pat_x', baseUrl: 'http://127.0.0.1:9/api/v1' }) as unknown as Record<string, Record<string, unknown>>;
    for (const { path: p, op } of OPERATIONS) {
      const { namespace, method } = sdkMethodOf({ path: p, operationId: op.operationId });
      assert.equal(typeof client[namespace]?.[method], 'function', `${op.operationId}: client.${namespace}.${method}`);
      assert.match(op['x-codeSamples']![1]!.source, new RegExp(`client\\.${namespace}\\.${method}\\(`), op.operationId);
    }
  });

  it('compile under strict TypeScript against the SDK, with no any', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-samples-'));
    try {
      const files = OPERATIONS.map(({ op }) => {
        const source = op['x-codeSamples']![1]!.source;
        assert.doesNotMatch(source, /\bany\b|\bas [A-Z{]/, op.operationId);
        writeFileSync(path.join(dir, `${op.operationId}.mts`), `${source}\nexport {};\n`);
        return `${op.operationId}.mts`;
      });
      const root = process.cwd();
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true,
          types: ['node'], typeRoots: [path.join(root, 'node_modules/@types')],
          paths: { '@calendar-access/sdk': [path.join(root, 'packages/sdk/src/index.ts')] },
        },
        files,
      }));
      const out = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      assert.equal(out.status, 0, out.stdout + out.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
