import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, post, taskBody } from '../helpers/requests.js';

const APPOINTMENTS = '/api/v1/requests/appointments';
const TASKS = '/api/v1/requests/tasks';
// Monday 2026-03-30, 10:00 in Berlin (summer time since the 29th).
const START = '2026-03-30T08:00:00Z';
const END = '2026-03-30T08:30:00Z';

/** A body with `value` at the dotted `path`. */
function withValue(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: withValue((body[head!] ?? {}) as Record<string, unknown>, rest.join('.'), value) };
}

const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['a bell', '\u0007'],
  ['an escape', '\u001b'],
  ['DEL', '\u007f'],
  ['a C1 control', '\u0085'],
];

for (const engine of ENGINES) {
  describe(`text fields of the API refuse control characters on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');

    const taskRequester = { name: 'Bo', phone: '+4915112345678', contactMethod: 'signal', contactHandle: '@bo' };
    const fields: [string, string, (path: string, value: string) => Record<string, unknown>][] = [
      [TASKS, 'message', (p, v) => withValue(taskBody({ requester: taskRequester }), p, v)],
      [TASKS, 'note', (p, v) => withValue(taskBody({ requester: taskRequester }), p, v)],
      [TASKS, 'requester.name', (p, v) => withValue(taskBody({ requester: taskRequester }), p, v)],
      [TASKS, 'requester.email', (p, v) => withValue(taskBody({ requester: taskRequester }), p, v)],
      [TASKS, 'requester.contactHandle', (p, v) => withValue(taskBody({ requester: taskRequester }), p, v)],
    ];

    for (const [url, path, body] of fields) {
      it(`answers 422 invalid_input naming ${path} when it holds a NUL or another control character`, async () => {
        const { token } = await bookableOwner(api);
        for (const [label, control] of CONTROLS) {
          const value = path === 'requester.email' ? `ana${control}@example.com` : `Hello${control}there`;
          const res = await post(api, url, token, body(path, value));
          assert.equal(res.statusCode, 422, `${label} in ${path}: ${res.body}`);
          const error = res.json().error;
          assert.equal(error.code, 'invalid_input');
          assert.equal(error.field, path);
          // An email is refused by the email format, which admits no control character either.
          assert.match(error.message, path === 'requester.email' ? /must be an email address/ : /must be text without control characters/, error.message);
        }
      });
    }

    it('refuses a NUL in the message of an appointment request, and keeps tabs, newlines and carriage returns', async () => {
      const { token, typeId } = await bookableOwner(api);
      const refused = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { message: 'About\u0000the offer' }));
      assert.equal(refused.statusCode, 422, refused.body);
      assert.equal(refused.json().error.field, 'message');
      const kept = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { message: 'About\tthe offer\r\nSecond line\nThird' }));
      assert.equal(kept.statusCode, 201, kept.body);
      assert.equal(kept.json().request.message, 'About\tthe offer\r\nSecond line\nThird');
    });

    it('keeps text in any script, emoji included', async () => {
      const { token } = await bookableOwner(api);
      const res = await post(api, TASKS, token, taskBody({ message: 'Zahnarzt – Müller 🦷 日本語', requester: { name: 'Zoë Łukasz', email: 'zoe@example.com' } }));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().request.message, 'Zahnarzt – Müller 🦷 日本語');
    });
  });
}
