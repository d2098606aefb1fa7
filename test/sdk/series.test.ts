import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CalendarAccess, CalendarAccessError, type Event, type Series } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { listeningApi, useApi } from '../helpers/api.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';

async function refusal(call: Promise<unknown>): Promise<CalendarAccessError> {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof CalendarAccessError, `expected a CalendarAccessError, got ${String(e)}`);
    return e;
  }
  assert.fail('the call succeeded');
}

for (const engine of ENGINES) {
  describe(`client.series against a running server on ${engine}`, () => {
    const api = useApi(engine, '2026-03-20T12:00:00Z');
    const server = listeningApi(api);
    const client = (token: string) => new CalendarAccess({ token, baseUrl: server.baseUrl });

    it('reads the series an occurrence names and pages its occurrences across the March DST change', async () => {
      const owner = await api.owner('Europe/Berlin');
      const token = await api.token(owner, ['events:read']);
      const id = await seedEvent(api.rt.store.db, owner.id, { title: 'Stand-up', start: '2026-03-17T09:00:00Z', end: '2026-03-17T09:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6' });
      await seedOverride(api.rt.store.db, owner.id, id, { originalStart: '2026-03-24T09:00:00Z', cancelled: true });
      const sdk = client(token);
      const [first] = await sdk.events.list({ from: '2026-03-20T00:00:00Z', to: '2026-03-25T00:00:00Z' }).all();
      assert.equal(first?.occurrenceOf, id);
      const series = await sdk.series.get(first!.occurrenceOf!);
      const record: Series = series;
      assert.equal(record.id, id);
      assert.equal(series.rule, 'Every Tuesday at 10:00, 6 times');
      assert.equal(series.exceptionsCount, 1);
      // Six Tuesdays from 17 March: the last, 21 April, at 10:00 summer time.
      assert.deepEqual(series.lastOccurrence, { id: `${id}@2026-04-21T08:00:00Z`, start: '2026-04-21T08:00:00Z', end: '2026-04-21T08:30:00Z' });
      assert.equal(series.lastResponse.status, 200);
      const all: Event[] = await sdk.series.occurrences(id, { from: '2026-03-01T00:00:00Z', to: '2026-05-01T00:00:00Z', limit: 2 }).all();
      assert.deepEqual(all.map((o) => `${o.start} ${o.status}`), [
        '2026-03-17T09:00:00Z confirmed', '2026-03-24T09:00:00Z cancelled', '2026-03-31T08:00:00Z confirmed',
        '2026-04-07T08:00:00Z confirmed', '2026-04-14T08:00:00Z confirmed', '2026-04-21T08:00:00Z confirmed',
      ]);
    });

    it('rejects with typed errors: not_found for a single event, invalid_input naming the field for a window too long', async () => {
      const owner = await api.owner('America/New_York');
      const token = await api.token(owner, ['events:read']);
      const single = await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T14:00:00Z', end: '2026-03-21T15:00:00Z', timezone: 'America/New_York' });
      const series = await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T14:00:00Z', end: '2026-03-21T15:00:00Z', timezone: 'America/New_York', rrule: 'FREQ=DAILY' });
      const sdk = client(token);
      const missing = await refusal(sdk.series.get(single));
      assert.equal(missing.code, 'not_found');
      assert.equal(missing.status, 404);
      const long = await refusal(sdk.series.occurrences(series, { from: '2026-01-01T00:00:00Z', to: '2027-06-01T00:00:00Z' }).all());
      assert.equal(long.code, 'invalid_input');
      assert.equal(long.field, 'to');
    });
  });
}
