import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../src/store/db.js';
import { insertEvent, putOverride, updateEventRow } from '../../src/store/repos/event-changes.js';
import { useApi } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { seedEvent } from '../helpers/seed-events.js';
import { calendarTruth, sorted, type CalendarCopy } from '../helpers/event-truth.js';
import { propertyRuns } from '../helpers/property-runs.js';

// The change feed against writers that commit out of order (docs/sync.md "Why it never misses a
// change"): each writer opens its transaction and writes, in the order drawn; they commit in another
// order drawn; a client follows the tokens (GET /events/changes) between any two steps. Once every
// writer has committed, one more round leaves the client with exactly what the server holds: the
// events, the series and each series' exceptions, as GET /events/{id} and GET /series/{id} give them.
// On PostgreSQL, where writers really run side by side (PGlite has one connection, so one writer at
// a time; the same property runs there with writers one after another).

type Copy = CalendarCopy;

type Op = { kind: 'create' } | { kind: 'retitle'; target: number } | { kind: 'delete'; target: number } | { kind: 'occurrence'; target: number; week: number; remove: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'create' as const }),
  fc.record({ kind: fc.constant('retitle' as const), target: fc.nat(5) }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat(5) }),
  fc.record({ kind: fc.constant('occurrence' as const), target: fc.nat(5), week: fc.nat(5), remove: fc.boolean() }),
);

// Mondays 09:00 in Berlin from 2026-03-23: 08:00Z before the change of the 29th, 07:00Z after.
const mondayStart = (week: number) => new Date(Date.UTC(2026, 2, 23 + 7 * week, week === 0 ? 8 : 7)).toISOString().replace('.000Z', 'Z');

for (const engine of ENGINES) {
  describe(`the change feed under writers committing out of order on ${engine}`, () => {
    const api = useApi(engine, '2026-03-28T09:00:00Z');

    async function follow(token: string, copy: Copy, syncToken: string | null): Promise<string> {
      let cursor: string | null = null;
      for (;;) {
        const q = new URLSearchParams({ limit: '3' });
        if (syncToken) q.set('syncToken', syncToken);
        if (cursor) q.set('cursor', cursor);
        const res = await api.get(`/api/v1/events/changes?${q}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const page = res.json() as { events: { id: string; occurrenceOf: string | null }[]; series: { id: string }[]; deleted: { id: string }[]; nextCursor: string | null; nextSyncToken: string | null };
        const drop = (seriesId: string) => {
          for (const id of [...copy.exceptions.keys()]) if (id.startsWith(`${seriesId}@`)) copy.exceptions.delete(id);
        };
        for (const s of page.series) {
          copy.events.delete(s.id);
          drop(s.id);
          copy.series.set(s.id, s);
        }
        for (const e of page.events) {
          if (e.occurrenceOf === null) {
            if (copy.series.delete(e.id)) drop(e.id);
            copy.events.set(e.id, e);
          } else copy.exceptions.set(e.id, e);
        }
        for (const d of page.deleted) {
          copy.events.delete(d.id);
          if (copy.series.delete(d.id)) drop(d.id);
        }
        if (page.nextCursor === null) return page.nextSyncToken!;
        cursor = page.nextCursor;
      }
    }

    it('leaves a client that follows the tokens with exactly the server\'s events, series and exceptions', { timeout: 600_000 }, async () => {
      const db = api.rt.store.db;
      const concurrent = engine === 'postgres';
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 2, maxLength: concurrent ? 5 : 6 }),
          fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
          fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
          async (ops, commitKeys, readBetween) => {
            const owner = await api.owner('Europe/Berlin');
            const token = await api.token(owner, ['events:read']);
            // Six events to change: three single events and three weekly series.
            const targets: string[] = [];
            for (let i = 0; i < 6; i++) {
              targets.push(i % 2 === 0
                ? await seedEvent(db, owner.id, { title: `Single ${i}`, start: `2026-04-0${i + 1}T08:00:00Z`, end: `2026-04-0${i + 1}T09:00:00Z`, timezone: 'Europe/Berlin' })
                : await seedEvent(db, owner.id, { title: `Series ${i}`, start: mondayStart(0), end: '2026-03-23T08:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=8', timezone: 'Europe/Berlin' }));
            }
            const copy: Copy = { events: new Map(), series: new Map(), exceptions: new Map() };
            let syncToken = await follow(token, copy, null);
            // Each target is changed by one writer at most (a second would wait on the first's row lock).
            const used = new Set<number>();
            const plan = ops.filter((op) => op.kind === 'create' || (!used.has(op.target) && used.add(op.target)));
            let reads = 0;
            const maybeRead = async () => {
              if (readBetween[reads++ % readBetween.length]) syncToken = await follow(token, copy, syncToken);
            };
            const now = api.clock.now();
            const write = async (trx: Db, op: Op) => {
              if (op.kind === 'create') {
                const calendar = await trx.selectFrom('calendars').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
                await insertEvent(trx, {
                  id: randomUUID(), owner_id: owner.id, calendar_id: calendar.id, title: 'New', start_at: new Date('2026-04-10T10:00:00Z'), end_at: new Date('2026-04-10T11:00:00Z'),
                  start_date: null, end_date: null, timezone: 'Europe/Berlin', location: null, url: null, notes: null, participants: JSON.stringify([]), rrule: null,
                  series_until: new Date('2026-04-10T11:00:00Z'), request_id: null, created_at: now, updated_at: now, deleted_at: null,
                });
                return;
              }
              const id = targets[op.target]!;
              if (op.kind === 'retitle') await updateEventRow(trx, owner.id, id, { title: `Retitled ${randomUUID().slice(0, 4)}`, updated_at: now });
              else if (op.kind === 'delete') await updateEventRow(trx, owner.id, id, { deleted_at: now, updated_at: now });
              else if (op.target % 2 === 1) {
                await putOverride(trx, owner.id, id, mondayStart(op.week), {
                  start_at: null, end_at: null, title: op.remove ? null : 'Moved room', location: null, show_as: null, cancelled: false, updated_at: now, deleted_at: op.remove ? now : null,
                });
              } else await updateEventRow(trx, owner.id, id, { location: 'Room 2', updated_at: now });
            };

            if (!concurrent) {
              for (const op of plan) {
                await db.transaction().execute((trx) => write(trx, op));
                await maybeRead();
              }
            } else {
              // Every writer begins and takes its transaction id in plan order, then waits; they write
              // and commit in the drawn order. (Writers of one owner take turns on its change counter
              // from their first write to their commit, so the out-of-order case is a transaction that
              // began, and got its id, before another that changed the calendar and committed first.)
              const go: (() => void)[] = [];
              const done: Promise<void>[] = [];
              for (const op of plan) {
                let begun!: () => void;
                const started = new Promise<void>((resolve) => (begun = resolve));
                const turn = new Promise<void>((resolve) => go.push(resolve));
                done.push(db.transaction().execute(async (trx) => {
                  await sql`SELECT pg_current_xact_id()`.execute(trx);
                  begun();
                  await turn;
                  await write(trx, op);
                }));
                await started;
                await maybeRead();
              }
              const order = plan.map((_, i) => i).sort((a, b) => (commitKeys[a] ?? 0) - (commitKeys[b] ?? 0) || b - a);
              for (const i of order) {
                go[i]!();
                await done[i];
                await maybeRead();
              }
            }
            syncToken = await follow(token, copy, syncToken);
            const expected = await calendarTruth(db, owner.id);
            assert.deepEqual(sorted(copy.events), sorted(expected.events));
            assert.deepEqual(sorted(copy.series), sorted(expected.series));
            assert.deepEqual(sorted(copy.exceptions), sorted(expected.exceptions));
          },
        ),
        propertyRuns(`change feed out of order: ${engine}`, engine === 'pglite' ? 15 : 25),
      );
    });
  });
}
