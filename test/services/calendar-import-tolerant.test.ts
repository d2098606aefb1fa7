import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ServiceError } from '../../src/domain/service-error.js';
import { importICalendar } from '../../src/services/calendar-import.js';
import { useApi } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';

const GOOGLE = readFileSync(new URL('../fixtures/ical/google-work.ics', import.meta.url), 'utf8').replace(/\r?\n/g, '\r\n');

/**
 * The Google export as the files the issue met: an Apple line broken off its property (no colon),
 * a rule written `BYDAY= MO`, an organizer with an unquoted name, a holiday dated without
 * VALUE=DATE, a stray VERSION line and an END nothing opened after the calendar.
 */
function damagedGoogle(): string {
  return GOOGLE
    .replace('RRULE:FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=WEEKLY;BYDAY= MO\r\nX-APPLE-RADIUS=70.5;X-TITLE=Room\r\nORGANIZER;CN=Sixt SE:mailto:rental@sixt.example')
    .replace('END:VCALENDAR', 'BEGIN:VEVENT\r\nUID:holiday@test\r\nSUMMARY:Holiday\r\nDTSTART:20260406\r\nEND:VEVENT\r\nEND:VCALENDAR\r\nVERSION:2.0\r\nEND:VEVENT');
}

interface ApiEvent {
  title: string;
  start: string;
  startDate: string | null;
  allDay: boolean;
  occurrenceOf: string | null;
}

for (const engine of ENGINES) {
  describe(`importing a damaged calendar on ${engine}`, () => {
    const api = useApi(engine, '2026-03-20T12:00:00Z');
    const run = (ownerId: string, text: string) => importICalendar(api.rt, { ownerId, calendarSlug: 'personal', text });

    it('imports every readable event of a file with bad lines, and tells each skipped line by its number', async () => {
      const owner = await api.owner('Europe/Berlin');
      const token = await api.token(owner, ['events:read']);
      const summary = await run(owner.id, damagedGoogle());
      assert.deepEqual([summary.created, summary.skipped], [5, 1]);
      const lines = damagedGoogle().split('\r\n');
      const at = (text: string) => lines.indexOf(text) + 1;
      assert.deepEqual(summary.warnings, [
        `line ${at('X-APPLE-RADIUS=70.5;X-TITLE=Room')}: "X-APPLE-RADIUS=70.5;X-TITLE=Room" skipped: it has no colon between name and value`,
        `line ${lines.lastIndexOf('VERSION:2.0') + 1}: VERSION skipped: it is outside any calendar`,
        `line ${lines.length - 1}: END:VEVENT skipped: no BEGIN:VEVENT is open`,
      ]);

      const res = await api.get('/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-04-14T00:00:00Z&limit=100', token);
      assert.equal(res.statusCode, 200, res.body);
      const events = res.json().data as ApiEvent[];
      // The weekly planning on Mondays at 09:30 Berlin, across the March DST change, BYDAY read despite its space.
      const planning = events.filter((e) => e.title.startsWith('Weekly planning') && e.occurrenceOf !== null).map((e) => e.start);
      assert.ok(planning.includes('2026-03-09T08:30:00Z') && planning.includes('2026-03-30T07:30:00Z'), planning.join(', '));
      const holiday = events.find((e) => e.title === 'Holiday');
      assert.deepEqual([holiday?.allDay, holiday?.startDate], [true, '2026-04-06']);

      const again = await run(owner.id, damagedGoogle());
      assert.deepEqual([again.created, again.updated, again.unchanged], [0, 0, 5], 'importing it again changes nothing');
    });

    it('refuses, in words, only a text that holds no calendar, importing nothing', async () => {
      const owner = await api.owner('Europe/Berlin');
      for (const [text, message] of [
        ['<!DOCTYPE html><html><body>Sign in to Outlook</body></html>', 'not an iCalendar file: it is a web page (HTML) or XML, not a calendar'],
        ['PK\u0003\u0004 calendar.zip', 'not an iCalendar file: it has no BEGIN:VCALENDAR and no BEGIN:VEVENT line'],
      ] as const) {
        await assert.rejects(run(owner.id, text), (e: unknown) => e instanceof ServiceError && e.kind === 'invalid' && e.message === message);
      }
      const token = await api.token(owner, ['events:read']);
      assert.deepEqual((await api.get('/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-04-14T00:00:00Z', token)).json().data, []);
    });
  });
}
