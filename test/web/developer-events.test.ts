import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { REDIRECT } from '../oauth/harness.js';

/**
 * Choosing an endpoint's event types in the console (docs/webhooks.md "Choosing event types"):
 * "All events (including future types)" or "Only these:" with a checkbox per type, grouped by
 * object, only the types the token's scopes (or the app's) allow offered; on adding and on
 * editing, for the owner's endpoints and an app's; the list shows what each receives.
 */
const PASSWORD = 'long enough pw';

async function signedIn(api: ApiHarness, username: string): Promise<{ web: WebSession; ownerId: string }> {
  const web = webSession(api);
  const made = await web.post('/signup', { username, name: 'Dev', timezone: 'Europe/Berlin', password: PASSWORD });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.store.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { web, ownerId: owner.id };
}

/** A form post with repeated fields (several checkboxes), as a browser sends it. */
async function submitMany(api: ApiHarness, web: WebSession, url: string, pairs: [string, string][]): Promise<LightMyRequestResponse> {
  const token = /name="_csrf" value="([^"]+)"/.exec((await web.get('/app/developer')).body)?.[1] ?? '';
  const body = new URLSearchParams([['_csrf', token], ...pairs]).toString();
  return api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: body });
}

const types = (...names: string[]): [string, string][] => names.map((t) => ['types', t]);
const checkedTypes = (body: string, prefix: string) =>
  [...body.matchAll(new RegExp(`<input type="checkbox" name="types" value="([a-z.]+)" id="${prefix}-[a-z.]+" checked>`, 'g'))].map((m) => m[1]);
const offered = (body: string, prefix: string) => [...body.matchAll(new RegExp(`<input type="checkbox" name="types" value="([a-z.]+)" id="${prefix}-`, 'g'))].map((m) => m[1]);

for (const engine of ENGINES) {
  describe(`choosing an endpoint's event types in the console on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z', { ALLOW_PRIVATE_HOSTS: 'localhost' });
    const db = () => api.rt.store.db;

    async function hookToken(username: string, scopes: string[]) {
      const s = await signedIn(api, username);
      const made = await submitMany(api, s.web, '/app/developer/tokens', [['name', 'Receiver'], ...scopes.map((x): [string, string] => ['scopes', x]), ['mode', 'live'], ['expiry', '30']]);
      assert.equal(made.statusCode, 200, made.body);
      const token = await db().selectFrom('tokens').select('id').where('owner_id', '=', s.ownerId).where('name', '=', 'Receiver').executeTakeFirstOrThrow();
      return { ...s, tokenId: token.id };
    }

    it('adds an endpoint limited to the types ticked, offering only those its token allows, and the list shows what each receives', async () => {
      const { web, ownerId, tokenId } = await hookToken(`ev-${engine}-1`, ['requests:read', 'tasks:read', 'webhooks']);
      const page = await web.get('/app/developer');
      const prefix = `ev-${tokenId}`;
      assert.match(page.body, new RegExp(`<input type="radio" class="et-all" name="events" value="all" id="${prefix}-all" checked> All events <span class="muted">\\(including future types\\)</span>`));
      assert.match(page.body, /> Only these:<\/label>/);
      assert.deepEqual(
        offered(page.body, prefix),
        ['request.created', 'request.withdrawn', 'request.accepted', 'request.declined', 'request.expired', 'appointment.rescheduled', 'appointment.confirmed', 'appointment.cancelled', 'appointment.completed', 'task.created', 'task.updated', 'task.completed', 'task.deleted'],
        'no event.* without events:read; never ping or authorization.revoked',
      );
      assert.deepEqual([...page.body.matchAll(/<fieldset><legend>([^<]+)<\/legend>/g)].map((m) => m[1]), ['Requests', 'Appointments', 'To-dos']);

      const only = await submitMany(api, web, '/app/developer/endpoints', [['token', tokenId], ['url', 'https://localhost:8443/only'], ['description', ''], ['events', 'only'], ...types('task.completed', 'request.created')]);
      assert.equal(only.statusCode, 200, only.body);
      assert.match(only.body, /Copy the signing secret now/);
      // Ticked boxes under "All events" count for nothing: all is all.
      const all = await submitMany(api, web, '/app/developer/endpoints', [['token', tokenId], ['url', 'https://localhost:8443/all'], ['description', ''], ['events', 'all'], ...types('task.completed')]);
      assert.equal(all.statusCode, 200, all.body);
      const rows = await db().selectFrom('webhook_endpoints').select(['url', 'event_types']).where('owner_id', '=', ownerId).orderBy('created_at').orderBy('url', 'desc').execute();
      assert.deepEqual(rows.map((r) => [r.url, r.event_types]).sort(), [['https://localhost:8443/all', null], ['https://localhost:8443/only', ['request.created', 'task.completed']]]);

      const list = await web.get('/app/developer');
      assert.match(list.body, /<th scope="col">Address<\/th><th scope="col">Events<\/th>/);
      assert.match(list.body, /<code>https:\/\/localhost:8443\/only<\/code>[\s\S]*?<td data-label="Events"><code class="et-name">request\.created<\/code><br><code class="et-name">task\.completed<\/code><br><a href="\/app\/developer\/endpoint\?id=[0-9a-f-]+#events"/);
      assert.match(list.body, /<code>https:\/\/localhost:8443\/all<\/code>[\s\S]*?<td data-label="Events">All events<br><span class="muted">including future types<\/span>/);
      assert.doesNotMatch(list.body, /<[a-z][^>]*\sstyle=/i, 'nothing inline for the CSP to block');
    });

    it('refuses a list with no type ticked, or a type the token does not hold, keeping what was typed and ticked', async () => {
      const { web, ownerId, tokenId } = await hookToken(`ev-${engine}-2`, ['requests:read', 'webhooks']);
      const none = await submitMany(api, web, '/app/developer/endpoints', [['token', tokenId], ['url', 'https://localhost:8443/none'], ['description', 'kept'], ['events', 'only']]);
      assert.equal(none.statusCode, 422);
      assert.match(none.body, /role="alert">Those events cannot be chosen: choose at least one event type, or every type; an endpoint that wants none should be disabled instead\./);
      assert.ok(none.body.includes('value="https://localhost:8443/none"'), 'the address stays');
      assert.match(none.body, new RegExp(`id="ev-${tokenId}-only" checked`), '"Only these" stays chosen');

      // A crafted post naming a type the token may not see (the page never offers it).
      const denied = await submitMany(api, web, '/app/developer/endpoints', [['token', tokenId], ['url', 'https://localhost:8443/x'], ['description', ''], ['events', 'only'], ...types('request.created', 'event.deleted')]);
      assert.equal(denied.statusCode, 422);
      assert.match(denied.body, /role="alert">Those events cannot be chosen: &quot;event\.deleted&quot; needs events:read, which the token does not hold\./);
      assert.deepEqual(checkedTypes(denied.body, `ev-${tokenId}`), ['request.created'], 'the ticks offered stay ticked');
      assert.equal((await db().selectFrom('webhook_endpoints').select('id').where('owner_id', '=', ownerId).execute()).length, 0);
    });

    it("changes an endpoint's events on its page, from a list to another and back to all events", async () => {
      const { web, ownerId, tokenId } = await hookToken(`ev-${engine}-3`, ['requests:read', 'events:read', 'webhooks']);
      assert.equal((await submitMany(api, web, '/app/developer/endpoints', [['token', tokenId], ['url', 'https://localhost:8443/edit'], ['description', ''], ['events', 'all']])).statusCode, 200);
      const endpoint = await db().selectFrom('webhook_endpoints').select('id').where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
      const page = await web.get(`/app/developer/endpoint?id=${endpoint.id}`);
      assert.match(page.body, /<dt>Events<\/dt><dd>All events<br><span class="muted">including future types<\/span><\/dd>/);
      assert.match(page.body, /<div id="events"><form method="post" action="\/app\/developer\/endpoints\/events"/);
      assert.match(page.body, /<input type="radio" class="et-all" name="events" value="all" id="events-all" checked>/);
      assert.deepEqual(offered(page.body, 'events').filter((t) => t!.startsWith('event.')), ['event.created', 'event.updated', 'event.deleted']);
      assert.deepEqual(offered(page.body, 'events').filter((t) => t!.startsWith('task.')), [], 'no to-dos without tasks:read');

      const saved = await submitMany(api, web, '/app/developer/endpoints/events', [['id', endpoint.id], ['events', 'only'], ...types('event.deleted', 'request.declined')]);
      assert.equal(saved.statusCode, 303);
      assert.equal(saved.headers.location, `/app/developer/endpoint?id=${endpoint.id}&notice=${encodeURIComponent('Events saved: only the types chosen from now on.')}`);
      const after = await web.get(saved.headers.location as string);
      assert.match(after.body, /<dt>Events<\/dt><dd><code class="et-name">request\.declined<\/code><br><code class="et-name">event\.deleted<\/code><\/dd>/);
      assert.deepEqual(checkedTypes(after.body, 'events'), ['request.declined', 'event.deleted']);
      assert.match(after.body, /id="events-only" checked/);

      const refused = await submitMany(api, web, '/app/developer/endpoints/events', [['id', endpoint.id], ['events', 'only']]);
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /role="alert">Those events cannot be chosen: choose at least one event type/);
      assert.deepEqual((await db().selectFrom('webhook_endpoints').select('event_types').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).event_types, ['request.declined', 'event.deleted'], 'unchanged');

      const back = await submitMany(api, web, '/app/developer/endpoints/events', [['id', endpoint.id], ['events', 'all']]);
      assert.equal(back.statusCode, 303);
      assert.equal((await db().selectFrom('webhook_endpoints').select('event_types').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).event_types, null);
      assert.match((await web.get(`/app/developer/endpoint?id=${endpoint.id}`)).body, /<dt>Events<\/dt><dd>All events/);
    });

    it("an app's endpoint: chosen when set, among the types the app may ask for, and changed on its page", async () => {
      const { web } = await signedIn(api, `ev-${engine}-4`);
      const made = await submitMany(api, web, '/app/developer/apps', [['name', 'Todo sync'], ['redirectUris', REDIRECT], ['scopes', 'tasks:read'], ['scopes', 'webhooks'], ['type', 'confidential']]);
      const appId = /<code id="client-id">([^<]+)<\/code>/.exec(made.body)![1]!;
      const empty = await web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.deepEqual(offered(empty.body, 'app-events'), ['task.created', 'task.updated', 'task.completed', 'task.deleted'], 'only the to-do types: the app may ask for tasks:read alone');

      const refused = await submitMany(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'https://localhost:8443/app'], ['events', 'only'], ...types('request.created')]);
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /Those events cannot be chosen: &quot;request\.created&quot; needs requests:read, which the app may not ask for\./);

      const set = await submitMany(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'https://localhost:8443/app'], ['events', 'only'], ...types('task.completed')]);
      assert.equal(set.statusCode, 200, set.body);
      let page = await web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.match(page.body, /<dt>Events<\/dt><dd><code class="et-name">task\.completed<\/code><\/dd>/);
      assert.doesNotMatch(page.body, /id="app-events-all"/, 'the address form no longer carries the choice: the Events form does');
      assert.deepEqual(checkedTypes(page.body, 'events'), ['task.completed']);

      // Moving the address keeps the choice.
      assert.equal((await submitMany(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'https://localhost:8443/app2']])).statusCode, 303);
      assert.match((await web.get(`/app/developer/app-webhook?id=${appId}`)).body, /<dt>Events<\/dt><dd><code class="et-name">task\.completed<\/code><\/dd>/);

      const changed = await submitMany(api, web, '/app/developer/app-webhook/events', [['id', appId], ['events', 'only'], ...types('task.created', 'task.deleted')]);
      assert.equal(changed.statusCode, 303);
      page = await web.get(changed.headers.location as string);
      assert.match(page.body, /Events saved: only the types chosen from now on\./);
      assert.match(page.body, /<dt>Events<\/dt><dd><code class="et-name">task\.created<\/code><br><code class="et-name">task\.deleted<\/code><\/dd>/);
      assert.equal((await submitMany(api, web, '/app/developer/app-webhook/events', [['id', appId], ['events', 'all']])).statusCode, 303);
      page = await web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.match(page.body, /<dt>Events<\/dt><dd>All events/);
      assert.doesNotMatch(page.body, /<[a-z][^>]*\sstyle=/i);
    });
  });
}
