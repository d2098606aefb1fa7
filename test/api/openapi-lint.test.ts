import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EVENT_TYPES } from '../../src/domain/webhook-events.js';
import { ERRORS } from '../../src/http/errors.js';
import { OPENAPI_FILE } from '../../src/http/openapi.js';

/**
 * openapi.json as API tools read it: both common linters pass it with no error (warnings left are
 * the ones docs/decisions.md justifies), and a generator finds a named type for every record.
 * test/api/openapi.test.ts checks that the committed file is what the definitions generate.
 */
const BIN = 'node_modules/.bin';
// Redocly asks the network for updates and sends usage data unless told not to; the tests run offline.
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/** The output of a linter that exits non-zero when it finds problems. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(`${BIN}/${command}`, args, { env: QUIET, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return out;
    throw e;
  }
}

/** The warnings docs/decisions.md ("SDK, reference and MCP") says why we keep. */
const JUSTIFIED = { redocly: ['info-license'], spectral: ['info-contact'] };

const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;

describe('openapi.json for API tools', () => {
  it('passes Redocly’s recommended rules with no error, and only the justified warnings', () => {
    const report = JSON.parse(run('redocly', ['lint', OPENAPI_FILE, '--format=json'])) as { problems: { ruleId: string; severity: string; message: string }[] };
    assert.deepEqual(report.problems.filter((p) => p.severity === 'error'), []);
    assert.deepEqual([...new Set(report.problems.map((p) => p.ruleId))].sort(), JUSTIFIED.redocly);
  });

  it('passes Spectral’s spectral:oas rules with no error, and only the justified warnings', () => {
    const problems = JSON.parse(run('spectral', ['lint', OPENAPI_FILE, '-f', 'json', '--ruleset', '.spectral.yaml'])) as { code: string; severity: number; message: string }[];
    assert.deepEqual(problems.filter((p) => p.severity === 0), []);
    assert.deepEqual([...new Set(problems.map((p) => p.code))].sort(), JUSTIFIED.spectral);
  });

  it('names every record as a component, and writes none inline', () => {
    for (const name of ['Account', 'Profile', 'AppointmentType', 'Availability', 'Slot', 'Event', 'EventPage', 'Task', 'TaskPage', 'Request', 'AppointmentRequest', 'TaskRequest', 'RequestPage', 'Requester', 'CreatedRequest', 'StatusUrl', 'DeletedMarker', 'WebhookEvent', 'WebhookEventPage', 'Error', 'ErrorCode', 'AppointmentRequestBody', 'TaskRequestBody']) {
      assert.ok(schemas[name], `no component ${name}`);
    }
    const inline: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (node === null || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      if (typeof obj.title === 'string' && ('type' in obj || 'anyOf' in obj || 'oneOf' in obj)) inline.push(`${where}: ${obj.title}`);
      for (const [k, v] of Object.entries(obj)) if (k !== 'example' && k !== 'examples') visit(v, `${where}/${k}`);
    };
    visit(doc.paths, '#/paths');
    visit(doc.webhooks, '#/webhooks');
    assert.deepEqual(inline, [], 'titled schemas written inline');
  });

  it('lists every error code of the one error table as the enum ErrorCode, and refers to Error on every error answer', () => {
    assert.deepEqual(schemas.ErrorCode!.enum, Object.keys(ERRORS));
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          assert.deepEqual(answer.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' }, `${method} ${path} ${status}`);
        }
      }
    }
  });

  it('tells a request’s kinds apart by `kind`, and a webhook event’s types by `type`', () => {
    assert.deepEqual(schemas.Request!.discriminator, { propertyName: 'kind', mapping: { appointment: '#/components/schemas/AppointmentRequest', task: '#/components/schemas/TaskRequest' } });
    const mapping = (schemas.WebhookEvent!.discriminator as { mapping: Record<string, string> }).mapping;
    assert.deepEqual(Object.keys(mapping).sort(), [...EVENT_TYPES].sort());
  });

  it('describes every webhook event type in `webhooks`, with its record, headers and an example', () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const op = doc.webhooks[type].post;
      const media = op.requestBody.content['application/json'];
      assert.equal(media.example.type, type);
      assert.ok(op.parameters.some((p: { name: string }) => p.name === 'Svc-Signature'), type);
    }
  });

  it('gives every answer its headers and every operation an example', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { headers: Record<string, unknown>; content?: Record<string, { example?: unknown }> }> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.requestBody) assert.notEqual(op.requestBody.content['application/json']!.example, undefined, `${method} ${path} body`);
        for (const [status, answer] of Object.entries(op.responses)) {
          const label = `${method} ${path} ${status}`;
          assert.ok(answer.headers['Svc-Request-Id'] && answer.headers['RateLimit-Remaining'], label);
          if (status === '429' || status === '503') assert.ok(answer.headers['Retry-After'], label);
          // A 304 Not Modified has no body (conditional-get.ts); its GET's 200 carries the example.
          if (status === '304') assert.equal(answer.content, undefined, label);
          else assert.notEqual(answer.content?.['application/json']?.example, undefined, label);
        }
      }
    }
  });
});
