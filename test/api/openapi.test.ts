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

  it('is valid OpenAPI 3.1 and describes every route of the spec with its errors: 400 on every body, 422 for unknown parameters and 503 on every route', async () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    assert.equal(doc.openapi, '3.1.0');
    await SwaggerParser.validate(structuredClone(doc));
    const routes = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${Object.keys(op.responses).sort().join(',')}`),
    );
    assert.deepEqual(routes.sort(), [
      'GET /appointment-types 200,401,403,404,405,422,429,500,503',
      'GET /availability 200,401,403,404,405,422,429,500,503',
      'GET /events 200,401,403,405,422,429,500,503',
      'GET /events/{id} 200,401,403,404,405,422,429,500,503',
      'GET /me 200,401,403,405,422,429,500,503',
      'GET /requests 200,401,403,405,422,429,500,503',
      'GET /requests/{id} 200,401,403,404,405,422,429,500,503',
      'GET /tasks 200,401,403,405,422,429,500,503',
      'GET /tasks/{id} 200,401,403,404,405,422,429,500,503',
      'GET /webhook-events 200,401,403,405,422,429,500,503',
      'GET /webhook-events/{id} 200,401,403,404,405,422,429,500,503',
      'POST /requests/appointments 201,400,401,403,404,405,409,422,429,500,503',
      'POST /requests/tasks 201,400,401,403,404,405,422,429,500,503',
      'POST /requests/{id}/withdraw 200,400,401,403,404,405,409,422,429,500,503',
    ]);
    assert.equal(JSON.stringify(doc).toLowerCase().includes('journal'), false);
  });
});
