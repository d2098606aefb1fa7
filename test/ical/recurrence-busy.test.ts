import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { icalBusyIntervals } from '../../src/ical/busy.js';

// A subscribed feed's busy time (src/ical/busy.ts) counts every occurrence of a recurrence set: RDATEs
// (their own TZID, PERIODs), several RRULEs, THISANDFUTURE shifts, instances turned all-day or timed;
// a transparent instance blocks nothing. Expected intervals worked out by hand (test/api/fidelity.test.ts
// explains each file).

const fixture = (name: string) => readFileSync(new URL(`../fixtures/fidelity/${name}`, import.meta.url), 'utf8');
const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
const busy = (file: string, from: string, to: string) =>
  icalBusyIntervals(fixture(file), { from: new Date(from), to: new Date(to) }, { defaultTimezone: 'Europe/Berlin' }).map((i) => `${iso(i.start)} ${iso(i.end)}`);

describe('feed busy time of recurrence sets', () => {
  it('blocks the RDATE of another zone and the two-hour RDATE period, not the excluded Monday', () => {
    assert.deepEqual(busy('google-rdate-exdate.ics', '2026-03-24T00:00:00Z', '2026-04-07T00:00:00Z'), [
      '2026-03-25T13:00:00Z 2026-03-25T13:30:00Z',
      '2026-04-01T15:00:00Z 2026-04-01T17:00:00Z',
      '2026-04-06T07:00:00Z 2026-04-06T07:30:00Z',
    ]);
  });

  it('blocks both RRULEs of a series, and not the transparent all-day RDATE dates', () => {
    assert.deepEqual(busy('apple-several-rules.ics', '2026-03-10T00:00:00Z', '2026-04-20T00:00:00Z'), [
      '2026-03-15T22:00:00Z 2026-03-15T23:00:00Z',
      '2026-04-01T22:00:00Z 2026-04-01T23:00:00Z',
      '2026-04-15T22:00:00Z 2026-04-15T23:00:00Z',
    ]);
  });

  it('blocks the shifted, shorter occurrences from a THISANDFUTURE instance on, across the DST change', () => {
    assert.deepEqual(busy('thunderbird-this-and-future.ics', '2026-03-27T00:00:00Z', '2026-04-02T00:00:00Z'), [
      '2026-03-27T08:00:00Z 2026-03-27T09:00:00Z',
      '2026-03-28T09:00:00Z 2026-03-28T09:30:00Z',
      '2026-03-29T08:00:00Z 2026-03-29T08:30:00Z',
      '2026-03-30T08:00:00Z 2026-03-30T08:30:00Z',
    ]);
  });

  it('frees the call turned into a transparent day off, and blocks the all-day gym day turned into a one-hour session', () => {
    assert.deepEqual(busy('google-all-day-instances.ics', '2026-04-10T00:00:00Z', '2026-04-20T00:00:00Z'), [
      '2026-04-14T06:00:00Z 2026-04-14T07:00:00Z',
      '2026-04-19T17:00:00Z 2026-04-19T18:00:00Z',
    ]);
  });

  it('reads times in the zone a custom VTIMEZONE matches', () => {
    assert.deepEqual(busy('outlook-custom-zones.ics', '2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z'), [
      '2026-10-31T13:00:00Z 2026-10-31T13:30:00Z',
      '2026-11-01T14:00:00Z 2026-11-01T14:30:00Z',
    ]);
  });
});
