import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApi, OPENAPI_FILE, serializeOpenApi } from '../../src/http/openapi.js';

describe('the OpenAPI document', () => {
  it('committed openapi.json equals what the route definitions generate (run `npm run openapi` when this fails)', async () => {
    const generated = serializeOpenApi(await generateOpenApi());
    assert.equal(readFileSync(OPENAPI_FILE, 'utf8'), generated);
  });

  it('is valid OpenAPI 3.1 and describes every route of the spec with its errors: 400 on every route, 422 for unknown parameters and 503 on every route', async () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    assert.equal(doc.openapi, '3.1.0');
    await SwaggerParser.validate(structuredClone(doc));
    const routes = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${Object.keys(op.responses).sort().join(',')}`),
    );
    assert.deepEqual(routes.sort(), [
      'GET /appointment-types 200,304,400,401,403,404,405,422,429,500,503',
      'GET /availability 200,304,400,401,403,404,405,422,429,500,503',
      'GET /events 200,304,400,401,403,405,422,429,500,503',
      'GET /events/changes 200,304,400,401,403,405,410,422,429,500,503',
      'GET /events/{id} 200,304,400,401,403,404,405,422,429,500,503',
      'GET /free-time 200,304,400,401,403,404,405,422,429,500,503',
      'GET /me 200,304,400,401,403,405,422,429,500,503',
      'GET /requests 200,304,400,401,403,405,422,429,500,503',
      'GET /requests/{id} 200,304,400,401,403,404,405,422,429,500,503',
      'GET /series/{id} 200,304,400,401,403,404,405,422,429,500,503',
      'GET /series/{id}/occurrences 200,304,400,401,403,404,405,422,429,500,503',
      'GET /tasks 200,304,400,401,403,405,422,429,500,503',
      'GET /tasks/{id} 200,304,400,401,403,404,405,422,429,500,503',
      'GET /webhook-events 200,304,400,401,403,405,422,429,500,503',
      'GET /webhook-events/{id} 200,304,400,401,403,404,405,422,429,500,503',
      'POST /requests/appointments 201,400,401,403,404,405,409,422,429,500,503',
      'POST /requests/tasks 201,400,401,403,404,405,422,429,500,503',
      'POST /requests/{id}/withdraw 200,400,401,403,404,405,409,422,429,500,503',
    ]);
    assert.equal(JSON.stringify(doc).toLowerCase().includes('journal'), false);
  });

  it('declares 400 bad_request on every operation, GETs included: any request can carry a malformed header', () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { description: string; content: Record<string, { example: { error: { code: string } } }> }> }>>)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, bad: op.responses['400'] })));
    assert.ok(operations.length >= 14);
    for (const { name, bad } of operations) {
      assert.ok(bad, `${name} declares no 400`);
      assert.equal(bad.description.split(', ')[0], 'bad_request', name);
      assert.equal(bad.content['application/json']!.example.error.code, 'bad_request', name);
    }
  });
});
