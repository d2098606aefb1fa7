import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { importICalendar } from '../../src/services/calendar-import.js';
import { loadBusyTime } from '../../src/services/busy-time.js';

/**
 * The fidelity suite: iCalendar files written for this project (test/fixtures/fidelity/, each says
 * what it imitates in its X-FIDELITY-NOTE), imported through the service, then read back through
 * GET /events. Every expected occurrence below was worked out by hand from RFC 5545 (3.8.5.1 EXDATE,
 * 3.8.5.2 RDATE, 3.8.5.3 RRULE, 3.8.4.4 RECURRENCE-ID and RANGE), not printed by the code.
 * The owner lives in Europe/Berlin (the zone of a file without X-WR-TIMEZONE); the clock stands at
 * 2026-03-20, so the materialised horizon runs from 2025-03 to 2028-03 and a 2029 window is expanded
 * on the fly.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/fidelity/${name}`, import.meta.url), 'utf8');

/** title | original start ('-' for a single event) | start | end | allDay startDate endDate | status showAs */
type Row = string;

interface ApiEvent {
  id: string; title: string; start: string; end: string; allDay: boolean; startDate: string | null; endDate: string | null;
  status: string; showAs: string; occurrenceOf: string | null; timezone: string;
}

function row(e: ApiEvent): Row {
  const original = e.occurrenceOf === null ? '-' : e.id.slice(e.id.indexOf('@') + 1);
  const days = e.allDay ? `all-day ${e.startDate} ${e.endDate}` : `timed ${e.startDate} ${e.endDate}`;
  return `${e.title} | ${original} | ${e.start} | ${e.end} | ${days} | ${e.status} ${e.showAs}`;
}

interface Case {
  file: string;
  windows: { from: string; to: string; rows: Row[]; zones?: string[] }[];
  skipped?: number;
  warning?: RegExp;
}

const CASES: Case[] = [
  {
    // Mondays 09:00 Berlin (08:00Z in winter, 07:00Z from 29 March), five of them counting DTSTART;
    // the Monday after the change excluded; RDATE 09:00 New York on 25 March (already EDT: 13:00Z)
    // lasts the series' 30 minutes; the PERIOD its own two hours.
    file: 'google-rdate-exdate.ics',
    windows: [{
      from: '2026-03-14T00:00:00Z', to: '2026-04-20T00:00:00Z',
      rows: [
        'Planning | 2026-03-16T08:00:00Z | 2026-03-16T08:00:00Z | 2026-03-16T08:30:00Z | timed null null | confirmed busy',
        'Planning | 2026-03-23T08:00:00Z | 2026-03-23T08:00:00Z | 2026-03-23T08:30:00Z | timed null null | confirmed busy',
        'Planning | 2026-03-25T13:00:00Z | 2026-03-25T13:00:00Z | 2026-03-25T13:30:00Z | timed null null | confirmed busy',
        'Planning | 2026-04-01T15:00:00Z | 2026-04-01T15:00:00Z | 2026-04-01T17:00:00Z | timed null null | confirmed busy',
        'Planning | 2026-04-06T07:00:00Z | 2026-04-06T07:00:00Z | 2026-04-06T07:30:00Z | timed null null | confirmed busy',
        'Planning | 2026-04-13T07:00:00Z | 2026-04-13T07:00:00Z | 2026-04-13T07:30:00Z | timed null null | confirmed busy',
      ],
    }],
  },
  {
    // Rule 1: 1 Mar (DTSTART), 1 Apr, 1 May; rule 2: 1 Mar (DTSTART counts), 15 Mar, 15 Apr; 1 Mar
    // once. 18:00 New York: EST (23:00Z) on 1 March, EDT (22:00Z) from 8 March. The market: DTSTART
    // and two RDATE dates, all-day at New York midnight (04:00Z), TRANSP:TRANSPARENT.
    file: 'apple-several-rules.ics',
    windows: [
      {
        from: '2026-02-25T00:00:00Z', to: '2026-04-26T00:00:00Z',
        rows: [
          'Pay the sitter | 2026-03-01T23:00:00Z | 2026-03-01T23:00:00Z | 2026-03-02T00:00:00Z | timed null null | confirmed busy',
          'Pay the sitter | 2026-03-15T22:00:00Z | 2026-03-15T22:00:00Z | 2026-03-15T23:00:00Z | timed null null | confirmed busy',
          'Pay the sitter | 2026-04-01T22:00:00Z | 2026-04-01T22:00:00Z | 2026-04-01T23:00:00Z | timed null null | confirmed busy',
          'Farmers market | 2026-04-10T04:00:00Z | 2026-04-10T04:00:00Z | 2026-04-11T04:00:00Z | all-day 2026-04-10 2026-04-11 | confirmed free',
          'Pay the sitter | 2026-04-15T22:00:00Z | 2026-04-15T22:00:00Z | 2026-04-15T23:00:00Z | timed null null | confirmed busy',
          'Farmers market | 2026-04-17T04:00:00Z | 2026-04-17T04:00:00Z | 2026-04-18T04:00:00Z | all-day 2026-04-17 2026-04-18 | confirmed free',
          'Farmers market | 2026-04-24T04:00:00Z | 2026-04-24T04:00:00Z | 2026-04-25T04:00:00Z | all-day 2026-04-24 2026-04-25 | confirmed free',
        ],
      },
      {
        from: '2026-04-26T00:00:00Z', to: '2026-06-01T00:00:00Z',
        rows: ['Pay the sitter | 2026-05-01T22:00:00Z | 2026-05-01T22:00:00Z | 2026-05-01T23:00:00Z | timed null null | confirmed busy'],
      },
    ],
  },
  {
    // "Customized Time Zone" has the Central European rules: 10:00 is 09:00Z on 23 March, 08:00Z
    // after the 29 March change; the UTC EXDATE 08:00Z removes 30 March. "Eastern" (Lotus) has the
    // US rules: 09:00 is 13:00Z until 1 November, 14:00Z from then.
    file: 'outlook-custom-zones.ics',
    windows: [
      {
        from: '2026-03-20T00:00:00Z', to: '2026-04-20T00:00:00Z', zones: ['Europe/Berlin', 'Europe/Berlin'],
        rows: [
          'Jour fixe | 2026-03-23T09:00:00Z | 2026-03-23T09:00:00Z | 2026-03-23T10:00:00Z | timed null null | confirmed busy',
          'Jour fixe | 2026-04-06T08:00:00Z | 2026-04-06T08:00:00Z | 2026-04-06T09:00:00Z | timed null null | confirmed busy',
        ],
      },
      {
        from: '2026-10-28T00:00:00Z', to: '2026-11-05T00:00:00Z', zones: Array(4).fill('America/New_York'),
        rows: [
          'Morning call | 2026-10-30T13:00:00Z | 2026-10-30T13:00:00Z | 2026-10-30T13:30:00Z | timed null null | confirmed busy',
          'Morning call | 2026-10-31T13:00:00Z | 2026-10-31T13:00:00Z | 2026-10-31T13:30:00Z | timed null null | confirmed busy',
          'Morning call | 2026-11-01T14:00:00Z | 2026-11-01T14:00:00Z | 2026-11-01T14:30:00Z | timed null null | confirmed busy',
          'Morning call | 2026-11-02T14:00:00Z | 2026-11-02T14:00:00Z | 2026-11-02T14:30:00Z | timed null null | confirmed busy',
        ],
      },
    ],
  },
  {
    // Daily 09:00 Berlin from 26 March, six times; from 28 March on (THISANDFUTURE) one hour later
    // in local time and 30 minutes long, under the instance's title: 10:00 CET = 09:00Z on the 28th,
    // 10:00 CEST = 08:00Z after the change. The floating EXDATE 09:00 (read in Berlin: 07:00Z)
    // removes the 31st. Ids keep the original starts.
    file: 'thunderbird-this-and-future.ics',
    windows: [{
      from: '2026-03-25T00:00:00Z', to: '2026-04-05T00:00:00Z',
      rows: [
        'Daily sync | 2026-03-26T08:00:00Z | 2026-03-26T08:00:00Z | 2026-03-26T09:00:00Z | timed null null | confirmed busy',
        'Daily sync | 2026-03-27T08:00:00Z | 2026-03-27T08:00:00Z | 2026-03-27T09:00:00Z | timed null null | confirmed busy',
        'Daily sync (later) | 2026-03-28T08:00:00Z | 2026-03-28T09:00:00Z | 2026-03-28T09:30:00Z | timed null null | confirmed busy',
        'Daily sync (later) | 2026-03-29T07:00:00Z | 2026-03-29T08:00:00Z | 2026-03-29T08:30:00Z | timed null null | confirmed busy',
        'Daily sync (later) | 2026-03-30T07:00:00Z | 2026-03-30T08:00:00Z | 2026-03-30T08:30:00Z | timed null null | confirmed busy',
      ],
    }],
  },
  {
    // Tokyo (+09:00, no DST). The 02:00 call (17:00Z the day before) of 13 April became the all-day
    // 14 April (Tokyo midnight: 15:00Z), transparent; the all-day gym day of 14 April (id: Tokyo
    // midnight, 13 April 15:00Z) became 15:00-16:00 Tokyo, 06:00-07:00Z.
    file: 'google-all-day-instances.ics',
    windows: [{
      from: '2026-04-01T00:00:00Z', to: '2026-04-30T00:00:00Z',
      rows: [
        'Call with Lisbon | 2026-04-05T17:00:00Z | 2026-04-05T17:00:00Z | 2026-04-05T18:00:00Z | timed null null | confirmed busy',
        'Gym day | 2026-04-06T15:00:00Z | 2026-04-06T15:00:00Z | 2026-04-07T15:00:00Z | all-day 2026-04-07 2026-04-08 | confirmed busy',
        'Day off (no call) | 2026-04-12T17:00:00Z | 2026-04-13T15:00:00Z | 2026-04-14T15:00:00Z | all-day 2026-04-14 2026-04-15 | confirmed free',
        'Gym: trainer session | 2026-04-13T15:00:00Z | 2026-04-14T06:00:00Z | 2026-04-14T07:00:00Z | timed null null | confirmed busy',
        'Call with Lisbon | 2026-04-19T17:00:00Z | 2026-04-19T17:00:00Z | 2026-04-19T18:00:00Z | timed null null | confirmed busy',
      ],
    }],
  },
  {
    // All-day in the owner's zone (Berlin midnight, 22:00Z in summer): 1 May yearly from 2024, 2026
    // moved to 4 May (EXDATE and RDATE dates); 2027 and 2029 (past the horizon) on 1 May again.
    // The RSCALE=HEBREW observance is refused alone.
    file: 'holidays-moved-day.ics',
    skipped: 1,
    warning: /Passover \(first day\)" skipped: its RRULE uses RSCALE=HEBREW \(RFC 7529/,
    windows: [
      {
        from: '2026-03-25T00:00:00Z', to: '2026-05-25T00:00:00Z',
        rows: ['Labour Day | 2026-05-03T22:00:00Z | 2026-05-03T22:00:00Z | 2026-05-04T22:00:00Z | all-day 2026-05-04 2026-05-05 | confirmed free'],
      },
      {
        from: '2027-04-20T00:00:00Z', to: '2027-05-20T00:00:00Z',
        rows: ['Labour Day | 2027-04-30T22:00:00Z | 2027-04-30T22:00:00Z | 2027-05-01T22:00:00Z | all-day 2027-05-01 2027-05-02 | confirmed free'],
      },
      {
        from: '2029-04-20T00:00:00Z', to: '2029-05-20T00:00:00Z',
        rows: ['Labour Day | 2029-04-30T22:00:00Z | 2029-04-30T22:00:00Z | 2029-05-01T22:00:00Z | all-day 2029-05-01 2029-05-02 | confirmed free'],
      },
    ],
  },
];

for (const engine of ENGINES) {
  describe(`fidelity: real-shaped calendars through import and GET /events on ${engine}`, () => {
    const api = useApi(engine, '2026-03-20T12:00:00Z');

    async function window(token: string, from: string, to: string): Promise<ApiEvent[]> {
      const out: ApiEvent[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.get(`/api/v1/events?from=${from}&to=${to}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        out.push(...body.data);
        cursor = body.nextCursor;
      } while (cursor !== null);
      return out;
    }

    for (const c of CASES) {
      it(`${c.file}: every occurrence of each window, as worked out by hand, paged three at a time`, async () => {
        const owner = await api.owner('Europe/Berlin');
        const token = await api.token(owner, ['events:read']);
        const summary = await importICalendar(api.rt, { ownerId: owner.id, calendarSlug: 'personal', text: fixture(c.file) });
        assert.equal(summary.skipped, c.skipped ?? 0, summary.warnings.join('\n'));
        if (c.warning) assert.ok(summary.warnings.some((w) => c.warning!.test(w)), summary.warnings.join('\n'));
        for (const w of c.windows) {
          const got = await window(token, w.from, w.to);
          assert.deepEqual(got.map(row), w.rows, `${c.file} ${w.from}..${w.to}`);
          if (w.zones) assert.deepEqual(got.map((e) => e.timezone), w.zones);
        }
        const again = await importICalendar(api.rt, { ownerId: owner.id, calendarSlug: 'personal', text: fixture(c.file) });
        assert.equal(again.created + again.updated, 0, 'importing the same file again changes nothing');
      });
    }

    it('counts every occurrence of imported recurrence sets as busy time for availability, and not the transparent day off', async () => {
      const owner = await api.owner('Europe/Berlin');
      for (const file of ['thunderbird-this-and-future.ics', 'google-all-day-instances.ics']) {
        await importICalendar(api.rt, { ownerId: owner.id, calendarSlug: 'personal', text: fixture(file) });
      }
      const busy = await loadBusyTime(api.rt.store.db, owner.id, new Date('2026-03-27T00:00:00Z'), new Date('2026-04-20T00:00:00Z'));
      const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
      assert.deepEqual(busy.map((r) => `${iso(r.start)} ${iso(r.end)}`), [
        '2026-03-27T08:00:00Z 2026-03-27T09:00:00Z',
        '2026-03-28T09:00:00Z 2026-03-28T09:30:00Z',
        '2026-03-29T08:00:00Z 2026-03-29T08:30:00Z',
        '2026-03-30T08:00:00Z 2026-03-30T08:30:00Z',
        '2026-04-05T17:00:00Z 2026-04-05T18:00:00Z',
        '2026-04-06T15:00:00Z 2026-04-07T15:00:00Z',
        '2026-04-14T06:00:00Z 2026-04-14T07:00:00Z',
        '2026-04-19T17:00:00Z 2026-04-19T18:00:00Z',
      ]);
    });
  });
}
