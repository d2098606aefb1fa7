import { ServiceError } from '../../domain/service-error.js';
import { ICAL_LIMITS, formatBytes } from '../../ical/limits.js';
import { importICalendar, type ImportSummary } from '../../services/calendar-import.js';
import { ownerCalendars } from '../../services/calendar-events.js';
import { html, type Markup } from '../html.js';
import type { UploadedFile } from '../upload-body.js';
import { field, uploadAction, type ConsoleContext, type ConsoleScope } from './console.js';

/**
 * Import an .ics file from the console (/app/calendar/import): the same import as `calendar import`
 * (services/calendar-import.ts), and the same report: counts, then every warning by its line
 * (docs/calendar-import.md). The file comes as multipart/form-data, read only after the session and
 * the token in the form's address were checked, and only up to ICAL_LIMITS.maxBytes (console.ts, upload-body.ts).
 */

/** The uploaded file's text, or text pasted in a `text` field. */
function uploadedText(ctx: ConsoleContext, file: UploadedFile | null): { name: string; text: string } | null {
  if (file && file.bytes.length > 0) return { name: 'the file', text: file.bytes.toString('utf8') };
  const pasted = field(ctx.form, 'text');
  return pasted.trim() === '' ? null : { name: 'the pasted text', text: pasted };
}

function report(name: string, calendar: string, s: ImportSummary): Markup {
  const n = s.warnings.length;
  return html`<section aria-labelledby="import-report" class="card u-block"><h2 id="import-report">Imported ${name} into ${calendar}</h2>
<p>${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.cancelled} cancelled, ${s.skipped} skipped.</p>
${n === 0
  ? html`<p class="muted">Every line was read.</p>`
  : html`<p>${n} ${n === 1 ? 'warning' : 'warnings'}: what was skipped or read liberally, by line of the file.</p><ul class="import-warnings">${s.warnings.map((w) => html`<li>${w}</li>`)}</ul>`}
</section>`;
}

async function importPage(ctx: ConsoleContext, result: Markup | null = null, error: string | null = null) {
  const calendars = await ownerCalendars({ db: ctx.services.db, clock: ctx.services.clock }, ctx.owner.id);
  const chosen = field(ctx.form, 'calendar');
  return ctx.render(
    'Import a calendar file',
    'calendar',
    html`<p><a href="/app/calendar">← Calendar</a></p>${result ?? ''}
<form method="post" action="${uploadAction('/calendar/import', ctx.csrf)}" enctype="multipart/form-data" class="card u-block" aria-labelledby="import-title">
<h2 id="import-title">Import an .ics file</h2>
<p class="muted">Exported from Google Calendar, Apple Calendar, Outlook or any other calendar; a line it cannot read costs that line only, and the report names it. Importing the same file again updates, never duplicates. At most ${formatBytes(ICAL_LIMITS.maxBytes)}.</p>
<p><label for="import-file">File</label><br><input id="import-file" name="file" type="file" accept=".ics,text/calendar"></p>
<p><label for="import-calendar">Into the calendar</label><br><select id="import-calendar" name="calendar">${calendars.map((c) => html`<option value="${c.slug}"${c.slug === chosen ? html` selected` : ''}>${c.name}</option>`)}</select></p>
<p><button type="submit">Import</button></p></form>`,
    error,
  );
}

export function calendarUploadRoutes(scope: ConsoleScope): void {
  scope.get('/calendar/import', async (ctx) => importPage(ctx));
  scope.upload('/calendar/import', async (ctx, file) => {
    const upload = uploadedText(ctx, file);
    if (upload === null) return importPage(ctx, null, 'Choose an .ics file to import.');
    const calendar = field(ctx.form, 'calendar') || 'personal';
    try {
      const summary = await importICalendar(ctx.services, { ownerId: ctx.owner.id, calendarSlug: calendar, text: upload.text });
      return importPage(ctx, report(upload.name, calendar, summary));
    } catch (e) {
      if (e instanceof ServiceError) return importPage(ctx, null, `Nothing was imported: ${e.message}`);
      throw e;
    }
  });
}
