import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner, post, taskBody } from '../helpers/requests.js';
import { isEmailAddress } from '../../src/domain/request-rules.js';

/**
 * A requester's email address is taken as a browser's `<input type="email">` takes it (the WHATWG
 * HTML rule), in the one email format of the API, the booking page and the console alike.
 */
const TAKEN = [
  'ana@example.com',
  'Ana.Ruiz+calendar@example.co.uk',
  "o'brien@example.ie",
  'x?subject=Urgent&body=Pay%20now@example.com',
  'user@localhost',
  'a@xn--mller-kva.de',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.example`,
];

const REFUSED = [
  'ana@exa mple.com',
  '"ana"@example.com',
  'ana@müller.de',
  'zoë@example.com',
  'ana@-example.com',
  'ana@example-.com',
  'ana@example..com',
  'ana@example.com.',
  'ana@@example.com',
  'ana@b_c.example',
  'ana<script>@example.com',
  'ana@example.com\u0000',
  `ana@${'b'.repeat(64)}.example`,
  'ana',
  '@example.com',
];

describe('the email rule', () => {
  it('admits what a browser\'s email field admits and refuses the rest', () => {
    for (const address of TAKEN) assert.equal(isEmailAddress(address), true, address);
    for (const address of REFUSED) assert.equal(isEmailAddress(address), false, JSON.stringify(address));
  });
});

for (const engine of ENGINES) {
  describe(`requester.email on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');

    it('takes every address a browser takes (kept in lower case, as requesters are counted)', async () => {
      for (const email of TAKEN) {
        const { token } = await bookableOwner(api);
        const res = await post(api, '/api/v1/requests/tasks', token, taskBody({ requester: { name: 'Ana', email } }));
        assert.equal(res.statusCode, 201, `${email}: ${res.body}`);
        assert.equal(res.json().request.requester.email, email.toLowerCase());
      }
    });

    it('refuses any other with 422 naming requester.email, saying the rule and giving an example', async () => {
      const { token } = await bookableOwner(api);
      for (const email of REFUSED) {
        const res = await post(api, '/api/v1/requests/tasks', token, taskBody({ requester: { name: 'Ana', email } }));
        assert.equal(res.statusCode, 422, `${JSON.stringify(email)}: ${res.body}`);
        assert.equal(res.json().error.field, 'requester.email');
        assert.match(res.json().error.message, /^"requester\.email" must be an email address as a browser's email field takes it \(WHATWG HTML.*\), like ana@example\.com\.$/);
      }
    });
  });
}
