import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CalendarAccess, CalendarAccessError, type FreeInterval, type FreeTime, type WithResponse } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { listeningApi, useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { seedEvent } from '../helpers/seed-events.js';
import { setBookingSettings } from '../../src/services/booking.js';

// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th).
const T0 = '2026-03-30T06:00:00Z';

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
  describe(`client.freeTime against a running server on ${engine}`, () => {
    const api = useApi(engine, T0);
    const server = listeningApi(api);
    const client = (token: string) => new CalendarAccess({ token, baseUrl: server.baseUrl });

    it('answers the typed FreeTime with its lastResponse, minMinutes as a number and workingHours as the text the API takes', async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', ['availability:read']);
      await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-30T09:00:00Z', end: '2026-03-30T14:45:00Z' });
      const sdk = client(token);
      const week: WithResponse<FreeTime> = await sdk.freeTime.get({ from: '2026-03-30', to: '2026-03-31', tz: 'europe/berlin', minMinutes: 20 });
      assert.deepEqual({ ...week }, {
        timezone: 'Europe/Berlin',
        from: '2026-03-30',
        to: '2026-03-31',
        workingHours: true,
        // 08:00 now: the day's hours 09:00-17:00 (07:00Z-15:00Z) but the event; 14:45Z-15:00Z is under 20 minutes.
        free: [
          { start: '2026-03-30T07:00:00Z', end: '2026-03-30T09:00:00Z' },
          { start: '2026-03-31T07:00:00Z', end: '2026-03-31T15:00:00Z' },
        ],
      });
      assert.equal(week.lastResponse.status, 200);
      assert.match(week.lastResponse.requestId, /^req_/);
      assert.equal(week.lastResponse.rateLimit?.limit, 60);
      const night: FreeInterval[] = (await sdk.freeTime.get({ from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin', workingHours: 'false' })).free;
      assert.deepEqual(night, [
        { start: '2026-03-30T06:00:00Z', end: '2026-03-30T09:00:00Z' },
        { start: '2026-03-30T14:45:00Z', end: '2026-03-30T22:00:00Z' },
      ]);
    });

    it('rejects with typed errors: invalid_input naming the field, and not_found while booking is off', async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', ['availability:read']);
      const sdk = client(token);
      const long = await refusal(sdk.freeTime.get({ from: '2026-03-30', to: '2026-06-30', tz: 'Europe/Berlin' }));
      assert.equal(long.code, 'invalid_input');
      assert.equal(long.field, 'to');
      assert.equal((await refusal(sdk.freeTime.get({ from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin', minMinutes: 0 }))).field, 'minMinutes');
      await setBookingSettings(api.rt.store.db, api.clock, owner.id, { enabled: false, appointmentTypes: [] });
      const off = await refusal(sdk.freeTime.get({ from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' }));
      assert.equal(off.code, 'not_found');
      assert.equal(off.status, 404);
    });
  });
}
