import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MethodTable } from '../../src/http/method-table.js';

/** The API's request routes as the router holds them (HEAD beside every GET). */
function requestRoutes(): MethodTable {
  const table = new MethodTable();
  table.add('/api/v1/requests', ['GET', 'HEAD']);
  table.add('/api/v1/requests/appointments', 'POST');
  table.add('/api/v1/requests/tasks', 'POST');
  table.add('/api/v1/requests/:id', ['GET', 'HEAD']);
  table.add('/api/v1/requests/:id/withdraw', 'POST');
  return table;
}

describe('the method table', () => {
  it('gives a concrete path the methods of its own route only, not those of a parameter route that would also match it', () => {
    const table = requestRoutes();
    assert.deepEqual(table.allowed('/api/v1/requests/tasks'), ['POST']);
    assert.deepEqual(table.allowed('/api/v1/requests/appointments'), ['POST']);
    assert.deepEqual(table.allowed('/api/v1/requests/0b6a8f4e-4b7e-4f7a-9d51-3c1f8f1e2a10'), ['GET', 'HEAD']);
    assert.deepEqual(table.allowed('/api/v1/requests/x/withdraw'), ['POST']);
    assert.equal(table.allowed('/api/v1/requests/x/y'), null);
  });

  it('says a call the router gave to a parameter route belongs to the concrete route that owns its path', () => {
    const table = requestRoutes();
    assert.equal(table.shadowed('/api/v1/requests/:id', '/api/v1/requests/tasks'), true);
    assert.equal(table.shadowed('/api/v1/requests/:id', '/api/v1/requests/appointments?x=1'), true);
    assert.equal(table.shadowed('/api/v1/requests/:id', '/api/v1/requests/0b6a8f4e-4b7e-4f7a-9d51-3c1f8f1e2a10'), false);
    assert.equal(table.shadowed('/api/v1/requests/tasks', '/api/v1/requests/tasks'), false);
    assert.equal(table.shadowed('/api/v1/requests', '/api/v1/requests'), false);
  });

  it('ranks templates segment by segment: the first fixed segment where the other has a parameter wins', () => {
    const table = new MethodTable();
    table.add('/:a/fixed', 'GET');
    table.add('/fixed/:b', 'POST');
    // Both match /fixed/fixed; the router and OpenAPI give it to the one fixed first.
    assert.deepEqual(table.allowed('/fixed/fixed'), ['POST']);
    assert.equal(table.shadowed('/:a/fixed', '/fixed/fixed'), true);
    assert.equal(table.shadowed('/:a/fixed', '/other/fixed'), false);
  });

  it('treats two parameter names at one place as one template', () => {
    const table = new MethodTable();
    table.add('/events/:id', 'GET');
    table.add('/events/:eventId', 'DELETE');
    assert.deepEqual(table.allowed('/events/1'), ['DELETE', 'GET']);
  });
});
