import { asUuid } from '../../domain/ids.js';
import { logSources, parsePosition, parseStatusFilter, readRequestLog, type LogSource } from '../../request-log/read.js';
import type { RequestLogRow } from '../../store/repos/request-log.js';
import { html, type Markup } from '../html.js';
import { link } from '../links.js';
import type { ConsoleContext, ConsoleSection } from './console.js';
import { ownerDateFormat } from './dates.js';

/**
 * Settings → Developer → Request log (docs/console.md "Request log"): every API call made with the
 * owner's personal tokens and by the apps connected to the calendar, of the last 30 days, newest
 * first: time, token or app, method, path (query parameter names only), status, error code,
 * request id, duration. Filtered by token or app and by status class or error code, searched by
 * request id, paged by position (no offsets). Plain GET forms and links: no script.
 */

const PAGE = 50;
const CLASSES = ['2xx', '4xx', '5xx'] as const;

interface Filters {
  source: string | null;
  status: string | null;
  q: string | null;
}

function logHref(f: Filters, before?: string): string {
  const parts: string[] = [];
  if (f.source) parts.push(link`source=${f.source}`);
  if (f.status) parts.push(link`status=${f.status}`);
  if (f.q) parts.push(link`q=${f.q}`);
  if (before) parts.push(link`before=${before}`);
  return `/app/developer/logs${parts.length ? `?${parts.join('&')}` : ''}`;
}

const sourceLabel = (s: LogSource): string => `${s.name} (${s.kind === 'app' ? 'app' : s.hint}${s.revoked ? ', revoked' : ''})`;

function filterForm(sources: LogSource[], f: Filters): Markup {
  return html`<form method="get" action="/app/developer/logs" class="card" role="search" aria-label="Filter the request log"><div class="row">
<p class="u-my2"><label for="log-source">Token or app</label><br><select id="log-source" name="source"><option value="">All</option>${sources.map(
    (s) => html`<option value="${s.id}"${s.id === f.source ? html` selected` : ''}>${sourceLabel(s)}</option>`,
  )}</select></p>
<p class="u-my2"><label for="log-status">Status</label><br><select id="log-status" name="status"><option value="">Any</option>${CLASSES.map(
    (c) => html`<option value="${c}"${c === f.status ? html` selected` : ''}>${c}</option>`,
  )}${f.status && !(CLASSES as readonly string[]).includes(f.status) ? html`<option value="${f.status}" selected>${f.status}</option>` : ''}</select></p>
<p class="u-my2"><label for="log-q">Request id</label><br><input id="log-q" name="q" maxlength="40" placeholder="req_…" value="${f.q ?? ''}" aria-describedby="log-q-hint"></p>
<p class="u-my2"><button type="submit">Show</button> <a href="/app/developer/logs">Clear</a></p></div>
<p id="log-q-hint" class="muted u-m0">The request id is the <code>Svc-Request-Id</code> header of an answer, and the <code>requestId</code> of an error. Click an error code to see its calls.</p></form>`;
}

function row(r: RequestLogRow, sources: Map<string, LogSource>, f: Filters, when: (d: Date) => string): Markup {
  const source = sources.get(r.sourceId);
  const cls = r.status < 400 ? 'status ok' : 'status bad';
  return html`<tr><td><time datetime="${r.at.toISOString()}">${when(r.at)}</time></td>
<td>${source ? html`<a href="${logHref({ ...f, source: source.id })}">${source.name}</a>` : html`<span class="muted">no longer connected</span>`}</td>
<td><code>${r.method}</code></td><td><code class="u-wrap">${r.path}</code></td><td><span class="${cls}">${r.status}</span></td>
<td>${r.code ? html`<a href="${logHref({ ...f, status: r.code })}"><code>${r.code}</code></a>` : html`<span class="muted">—</span>`}</td>
<td><a href="${logHref({ source: null, status: null, q: r.requestId })}"><code>${r.requestId}</code></a></td><td>${(r.durationUs / 1000).toFixed(1)} ms</td></tr>`;
}

async function logsPage(ctx: ConsoleContext) {
  const now = ctx.services.clock.now();
  const sources = await logSources(ctx.services.db, ctx.owner.id);
  const sourceId = asUuid(ctx.query.source ?? '');
  const filters: Filters = {
    source: sourceId && sources.some((s) => s.id === sourceId) ? sourceId : null,
    status: parseStatusFilter(ctx.query.status) ? (ctx.query.status ?? '').trim() : null,
    q: (ctx.query.q ?? '').trim() || null,
  };
  const page = await readRequestLog(ctx.services.db, now, {
    ownerId: ctx.owner.id,
    sourceId: filters.source,
    status: parseStatusFilter(filters.status),
    requestId: filters.q,
    before: parsePosition(ctx.query.before),
    limit: PAGE,
  });
  const format = ownerDateFormat(ctx.owner, { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (d: Date) => format.format(d);
  const byId = new Map(sources.map((s) => [s.id, s]));
  const filtered = filters.source !== null || filters.status !== null || filters.q !== null;
  return ctx.render(
    'Request log',
    'developer',
    html`<p><a href="/app/developer">← Developer</a></p>
<p class="muted">Every call to the API made with your personal tokens or by the apps connected to your calendar, for 30 days. Request and answer bodies are never kept, nor token values; of a query, only the parameter names.</p>
${filterForm(sources, filters)}
${page.rows.length === 0
    ? html`<p class="muted">${filters.q !== null ? 'No call with that request id in the last 30 days.' : filtered ? 'No call matches these filters in the last 30 days.' : 'No API calls in the last 30 days.'}</p>`
    : html`<div class="u-scroll-x"><table><caption class="muted u-left">Newest first; times in ${ctx.owner.timezone}.</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Token or app</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Error code</th><th scope="col">Request id</th><th scope="col">Duration</th></tr></thead>
<tbody>${page.rows.map((r) => row(r, byId, filters, when))}</tbody></table></div>
${page.next ? html`<p><a class="button secondary" href="${logHref(filters, page.next)}" rel="next">Older calls</a></p>` : ''}`}`,
  );
}

export const developerLogsSection: ConsoleSection = (scope) => {
  scope.get('/developer/logs', logsPage);
};
