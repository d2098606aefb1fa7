import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineAndColumn } from '../../src/http/json-syntax.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner, newKey } from '../helpers/requests.js';
import { assertError } from '../api/expect.js';

const APPOINTMENTS = '/api/v1/requests/appointments';

describe('a body that is not JSON', () => {
  const api = useApi('pglite', '2026-03-30T06:00:00Z');

  const send = async (payload: string, contentType = 'application/json') => {
    const { token } = await bookableOwner(api);
    return api.app.inject({
      method: 'POST',
      url: APPOINTMENTS,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': newKey(), 'content-type': contentType },
      payload,
    });
  };

  it('is answered 400 bad_request naming the line, the column and what stands there, as a shell that left $SLOT empty sends it', async () => {
    // `-d "{\"slot\":$SLOT, ...}"` with an empty SLOT: the README's Try-it once did this after its dates had passed.
    const body = '{"appointmentTypeId":"3f0c","slot":,"requester":{"name":"Ana","email":"ana@example.com"}}';
    const error = assertError(await send(body), 400, 'bad_request');
    const column = body.indexOf(',"requester"') + 1;
    assert.equal(error.message, `The body is not valid JSON: a value is expected at line 1 column ${column} (found ",").`);
  });

  it('counts lines and columns in a body written over several lines', async () => {
    const body = '{\n  "appointmentTypeId": "3f0c",\n  "slot": {"start": "2026-03-30T08:00:00Z" "end": "2026-03-30T08:30:00Z"}\n}';
    const error = assertError(await send(body), 400, 'bad_request');
    assert.equal(error.message, 'The body is not valid JSON: a comma is expected at line 3 column 44 (found "\\"end\\"").');
  });

  it('says when the body ends too soon, and when something follows the value', async () => {
    assert.equal(assertError(await send('{"slot": {"start": "x"}'), 400, 'bad_request').message, 'The body is not valid JSON: a comma or "}" is expected at line 1 column 24 (the body ends there).');
    assert.equal(assertError(await send('{} {}'), 400, 'bad_request').message, 'The body is not valid JSON: the JSON value has ended, yet more follows at line 1 column 4 (found "{").');
  });

  it('names what is not JSON whatever the body is labelled, trailing commas and comments included', async () => {
    assert.equal(assertError(await send('hello', 'text/plain'), 400, 'bad_request').message, 'The body is not valid JSON: unexpected text at line 1 column 1 (found "hello").');
    assert.match(assertError(await send('{"a": 1,}'), 400, 'bad_request').message, /^The body is not valid JSON: a property name in double quotes is expected at line 1 column 9 \(found "}"\)\.$/);
    assert.match(assertError(await send('{"a": 1 // note\n}'), 400, 'bad_request').message, /comments are not JSON at line 1 column 9/);
  });

  it('refuses a __proto__ key as before, saying so', async () => {
    const error = assertError(await send('{"__proto__": {"admin": true}}'), 400, 'bad_request');
    assert.match(error.message, /"__proto__"/);
  });
});

describe('lineAndColumn', () => {
  it('counts both from 1, a line starting after each line feed', () => {
    assert.deepEqual(lineAndColumn('ab', 0), { line: 1, column: 1 });
    assert.deepEqual(lineAndColumn('ab\ncd', 3), { line: 2, column: 1 });
    assert.deepEqual(lineAndColumn('ab\ncd\n', 6), { line: 3, column: 1 });
  });
});
