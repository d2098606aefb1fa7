import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';

// Friday 2026-03-27 10:00 UTC: Berlin moves to summer time on Sunday the 29th, Sydney leaves it on Sunday April 5.
const T0 = '2026-03-27T10:00:00Z';
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'];
const DAY_MS = 86_400_000;

const freeDays = (body: string) => [...body.matchAll(/<a class="day free[^"]*" href="[^"]*day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!);
const times = (body: string) => [...body.matchAll(/<time datetime="([^"]+)">/g)].map((m) => m[1]!);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

for (const engine of ENGINES) {
  describe(`the booking page and GET /availability on ${engine}`, () => {
    const api = useApi(engine, T0);

    it('marks exactly the days, and lists exactly the times, GET /availability gives for the same type, zone and dates (DST days included)', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const availability = async (from: string, to: string, tz: string) => {
        const res = await api.get(`/api/v1/availability?${new URLSearchParams({ appointmentTypeId: typeId, from, to, tz })}`, token);
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as { slots: { start: string }[]; days: { date: string; hasSlots: boolean }[] };
      };
      let compared = 0;
      for (const tz of ZONES) {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(T0));
        for (const month of ['2026-03', '2026-04']) {
          const page = await api.app.inject({ method: 'GET', url: `/${owner.username}?${new URLSearchParams({ type: typeId, tz, month, lang: 'en' })}` });
          assert.equal(page.statusCode, 200);
          // The API answers at most 14 dates at a time: the month in pieces, from today on.
          const last = month === '2026-03' ? '2026-03-31' : '2026-04-30';
          const apiDays: string[] = [];
          const apiSlots = new Map<string, string[]>();
          const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
          for (let from = month === '2026-03' ? today : '2026-04-01'; from <= last; from = addDays(from, 14)) {
            const to = addDays(from, 13) < last ? addDays(from, 13) : last;
            const answer = await availability(from, to, tz);
            apiDays.push(...answer.days.filter((d) => d.hasSlots).map((d) => d.date));
            // A slot belongs to the date of tz its start falls on (the API's own rule for from..to).
            for (const s of answer.slots) apiSlots.set(localDate.format(new Date(s.start)), [...(apiSlots.get(localDate.format(new Date(s.start))) ?? []), s.start]);
          }
          assert.deepEqual(freeDays(page.body), apiDays, `${tz} ${month}: the days marked`);
          assert.deepEqual([...apiSlots.keys()], apiDays);
          for (const day of apiDays) {
            const shown = await api.app.inject({ method: 'GET', url: `/${owner.username}?${new URLSearchParams({ type: typeId, tz, month, day, lang: 'en' })}` });
            assert.deepEqual(times(shown.body), apiSlots.get(day), `${tz} ${day}: the times`);
            compared += apiSlots.get(day)!.length;
          }
        }
      }
      assert.ok(compared > 1000, `${compared} slots compared`);
      // On Berlin's DST day, 09:00-17:00 local is 07:00-15:00 UTC (not 08:00-16:00).
      const dst = await api.app.inject({ method: 'GET', url: `/${owner.username}?${new URLSearchParams({ type: typeId, tz: 'Europe/Berlin', day: '2026-03-29', lang: 'en' })}` });
      assert.equal(times(dst.body)[0], '2026-03-29T07:00:00Z');
      assert.equal(times(dst.body).at(-1), '2026-03-29T14:30:00Z');
    });
  });
}
