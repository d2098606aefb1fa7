import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { icalBusyIntervals } from '../../src/ical/busy.js';
import { ICalendarError } from '../../src/ical/errors.js';
import { readForImport } from '../../src/ical/import-read.js';
import { parseICalendar, type ImportedEvent } from '../../src/ical/parse.js';
import { propertyRuns } from '../helpers/property-runs.js';

/**
 * Mutated real-shaped files (the Google, Apple and Outlook exports of test/fixtures/ical): lines
 * dropped, duplicated, the text cut short, bytes flipped. Whatever the bytes, a reading answers
 * with events and warnings in words, or refuses the text in words (ICalendarError), never with a
 * runtime error; and every event the mutations did not touch is read as from the intact file.
 */

const FIXTURES = ['google-work.ics', 'apple-home.ics', 'outlook-misc.ics'].map((name) => readFileSync(new URL(`../fixtures/ical/${name}`, import.meta.url), 'utf8').replace(/\r?\n/g, '\r\n'));
const RUNTIME_TEXT = /Cannot read|undefined|null|is not a function|TypeError|RangeError|Invalid time value|NaN|\[object /;
const WINDOW = { from: new Date('2025-03-28T00:00:00Z'), to: new Date('2028-03-29T00:00:00Z') };

type Mutation = { kind: 'drop' | 'duplicate' | 'truncate' | 'flip'; at: number; byte: number };

const mutation = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('drop', 'duplicate', 'truncate', 'flip'),
  at: fc.nat({ max: 1_000_000 }),
  byte: fc.integer({ min: 0, max: 255 }),
});

/** The mutated text, and the (0-based) lines of the original the mutations touched, neighbours included. */
function mutate(text: string, mutations: Mutation[]): { text: string; touched: Set<number> } {
  let lines = text.split('\r\n');
  // Each line remembers its original number, so later mutations name original lines.
  let origin = lines.map((_, i) => i);
  const touched = new Set<number>();
  const touch = (i: number) => {
    for (const n of [i - 1, i, i + 1]) touched.add(n);
  };
  for (const m of mutations) {
    const i = m.at % lines.length;
    if (m.kind === 'drop') {
      touch(origin[i]!);
      lines.splice(i, 1);
      origin.splice(i, 1);
    } else if (m.kind === 'duplicate') {
      touch(origin[i]!);
      lines.splice(i, 0, lines[i]!);
      origin.splice(i, 0, origin[i]!);
    } else {
      const bytes = Buffer.from(lines.join('\r\n'), 'utf8');
      const at = m.at % Math.max(1, bytes.length);
      const line = bytes.subarray(0, at).toString('latin1').split('\n').length - 1;
      if (m.kind === 'truncate') {
        for (const o of origin.slice(line)) touch(o);
        const cut = bytes.subarray(0, at).toString('utf8');
        lines = cut.split('\r\n');
        origin = origin.slice(0, lines.length);
      } else {
        touch(origin[Math.min(line, origin.length - 1)]!);
        bytes[at] = m.byte;
        const flipped = bytes.toString('utf8');
        // A flipped line end joins or splits lines: count everything from there on as touched.
        if (flipped.split('\r\n').length !== lines.length) for (const o of origin.slice(line)) touch(o);
        lines = flipped.split('\r\n');
        if (lines.length !== origin.length) origin = lines.map((_, n) => origin[Math.min(n, origin.length - 1)]!);
      }
    }
  }
  return { text: lines.join('\r\n'), touched };
}

/** Each UID of the file with the lines of its VEVENTs; and the lines outside every VEVENT (the calendar's own). */
function layout(text: string): { uids: Map<string, number[]>; outside: Set<number> } {
  const uids = new Map<string, number[]>();
  const outside = new Set<number>();
  let block: number[] | null = null;
  let uid: string | null = null;
  text.split('\r\n').forEach((line, i) => {
    if (line === 'BEGIN:VEVENT') block = [];
    if (block === null) outside.add(i);
    else block.push(i);
    if (block !== null && uid === null && line.startsWith('UID:')) uid = line.slice(4);
    if (line === 'END:VEVENT' && block !== null) {
      if (uid !== null) uids.set(uid, [...(uids.get(uid) ?? []), ...block]);
      block = null;
      uid = null;
    }
  });
  return { uids, outside };
}

/** The events of the intact file that no mutation touched (every VEVENT of their UID intact). */
function untouched(original: ImportedEvent[], text: string, touched: Set<number>): { events: ImportedEvent[]; headerTouched: boolean } {
  const { uids, outside } = layout(text);
  const baseOf = (uid: string) => [...uids.keys()].filter((u) => uid === u || uid.startsWith(`${u}@`)).sort((a, b) => b.length - a.length)[0];
  const events = original.filter((e) => {
    const base = baseOf(e.uid);
    return base !== undefined && uids.get(base)!.every((n) => !touched.has(n));
  });
  // A VTIMEZONE or VTODO block is outside the VEVENTs too; only the calendar's own lines can change every event (X-WR-TIMEZONE).
  const header = [...outside].filter((n) => !/^(BEGIN|END):V(TIMEZONE|TODO|ALARM)$|^(BEGIN|END):(STANDARD|DAYLIGHT)$|^(TZ|DTSTART|RRULE|RDATE)/.test(text.split('\r\n')[n] ?? ''));
  return { events, headerTouched: header.some((n) => touched.has(n)) };
}

function noRuntimeText(what: string, texts: string[]): void {
  for (const t of texts) assert.doesNotMatch(t, RUNTIME_TEXT, `${what}: ${t}`);
}

/** Runs a reading: it answers, or refuses in words. */
function reading<T>(read: () => T): T | null {
  try {
    return read();
  } catch (e) {
    assert.ok(e instanceof ICalendarError, `a runtime error escaped: ${(e as Error).stack}`);
    noRuntimeText('refusal', [e.message]);
    return null;
  }
}

describe('reading mutated real-shaped files (fuzz)', () => {
  const intact = FIXTURES.map((text) => ({ text, events: parseICalendar(text, { defaultTimezone: 'Europe/Berlin' }).events }));

  it('never answers with a runtime error text, and keeps every event the mutations left untouched', () => {
    fc.assert(
      fc.property(fc.nat({ max: FIXTURES.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, mutations) => {
        const { text, events } = intact[which]!;
        const mutated = mutate(text, mutations);
        const cal = reading(() => parseICalendar(mutated.text, { defaultTimezone: 'Europe/Berlin' }));
        const kept = untouched(events, text, mutated.touched);
        if (cal === null) {
          assert.equal(kept.events.length, 0, 'a refused text had untouched events');
          return;
        }
        noRuntimeText('warning', cal.warnings);
        for (const e of kept.events) {
          const found: ImportedEvent | undefined = cal.events.find((x) => x.uid === e.uid);
          assert.ok(found, `untouched ${e.uid} lost; warnings:\n${cal.warnings.join('\n')}`);
          if (!kept.headerTouched) assert.deepEqual(found, e);
        }
      }),
      propertyRuns('fuzz: parse mutated files', 400),
    );
  });

  it('reads mutated files for an import and for a feed\'s busy time without a runtime error', () => {
    fc.assert(
      fc.property(fc.nat({ max: FIXTURES.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, mutations) => {
        const { text } = mutate(FIXTURES[which]!, mutations);
        const imported = reading(() => readForImport(text, { defaultTimezone: 'America/New_York', window: WINDOW }));
        if (imported !== null) noRuntimeText('warning', imported.warnings);
        reading(() => icalBusyIntervals(text, WINDOW, { defaultTimezone: 'Asia/Tokyo' }));
      }),
      propertyRuns('fuzz: import and busy time of mutated files', 200),
    );
  });
});
