import { addFeed, listFeeds, MAX_FEEDS_PER_OWNER, refreshFeed, removeFeed, type FeedSummary } from '../../services/feeds.js';
import { ServiceError } from '../../domain/service-error.js';
import { html, type Markup } from '../html.js';
import { field, type ConsoleContext, type ConsoleScope } from './console.js';
import { csrfField } from './layout.js';
import { ownerDateFormat } from './dates.js';

/**
 * Calendar feeds (/app/booking/feeds): iCalendar subscriptions whose busy time keeps slots from
 * being offered. Only the host of a feed is shown: a feed's address is often a secret link.
 */

/** The sub-navigation of the Booking section. */
export const bookingNav = (active: 'settings' | 'feeds'): Markup =>
  html`<nav aria-label="Booking" class="row u-mb2"><a href="/app/booking"${active === 'settings' ? html` aria-current="page"` : ''}>Settings and appointment types</a><a href="/app/booking/feeds"${active === 'feeds' ? html` aria-current="page"` : ''}>Calendar feeds</a></nav>`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function when(ctx: ConsoleContext, at: Date | null, none: string): Markup {
  if (!at) return html`<span class="muted">${none}</span>`;
  const text = ownerDateFormat(ctx.owner, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return html`<time datetime="${at.toISOString()}">${text}</time>`;
}

/** The last good reading's warnings: what was skipped or read liberally, by line (docs/calendar-import.md). */
function feedWarnings(f: FeedSummary): Markup {
  if (f.lastWarnings.length === 0) return html``;
  const n = f.lastWarnings.length;
  return html`<details class="feed-warnings"><summary>${n} ${n === 1 ? 'warning' : 'warnings'}</summary><ul>${f.lastWarnings.map((w) => html`<li>${w}</li>`)}</ul></details>`;
}

function feedRow(ctx: ConsoleContext, f: FeedSummary): Markup {
  const due = f.nextFetchAt && f.nextFetchAt.getTime() <= ctx.services.clock.now().getTime();
  const button = (action: string, label: string, cls: string) =>
    html`<form method="post" action="/app/booking/feeds/${action}">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${f.id}"><button type="submit" class="${cls}" aria-label="${label} ${f.name}">${label}</button></form>`;
  return html`<tr><th scope="row">${f.name}</th><td><code>${hostOf(f.url)}</code></td>
<td>${when(ctx, f.lastSuccessAt, 'never')}${f.lastSuccessAt ? html`<br><span class="muted">${f.busyIntervals} busy ${f.busyIntervals === 1 ? 'time' : 'times'}</span>` : ''}${feedWarnings(f)}</td>
<td>${f.lastError ? html`<span class="status bad">Failed</span> ${f.lastError}${f.consecutiveFailures > 1 ? html` <span class="muted">(${f.consecutiveFailures} times in a row)</span>` : ''}` : html`<span class="muted">none</span>`}</td>
<td>${due ? html`due now` : when(ctx, f.nextFetchAt, 'not planned')}</td>
<td>${button('refresh', 'Refresh now', 'secondary')}${button('remove', 'Remove', 'danger')}</td></tr>`;
}

async function feedsPage(ctx: ConsoleContext, values: { url: string; name: string } = { url: '', name: '' }, error: string | null = null) {
  const feeds = await listFeeds(ctx.services.db, ctx.owner.id);
  return ctx.render(
    'Calendar feeds',
    'booking',
    html`${bookingNav('feeds')}
<p>Subscribe to calendars you keep elsewhere (an iCalendar link ending in .ics): their busy time keeps those slots off your booking page. Each is fetched about every 15 minutes; its events are never shown to anyone.</p>
<section aria-labelledby="f-list"><h2 id="f-list">Subscribed calendars</h2>
${feeds.length === 0
  ? html`<p class="muted card">No feeds yet.</p>`
  : html`<div class="u-scroll-x"><table><thead><tr><th scope="col">Name</th><th scope="col">Host</th><th scope="col">Last success</th><th scope="col">Last error</th><th scope="col">Next fetch</th><th scope="col">Actions</th></tr></thead>
<tbody>${feeds.map((f) => feedRow(ctx, f))}</tbody></table></div>`}
<p class="muted">Times in ${ctx.owner.timezone}. At most ${MAX_FEEDS_PER_OWNER} feeds.</p></section>
<h2 id="f-add">Add a feed</h2>
<form method="post" action="/app/booking/feeds" class="card u-block" aria-labelledby="f-add">${csrfField(ctx.csrf)}
<p><label for="feed-url">Address (https://…)</label><br><input id="feed-url" name="url" type="url" required maxlength="2048" size="50" placeholder="https://calendar.example.com/secret.ics" value="${values.url}" autocomplete="off"${error ? html` aria-invalid="true" autofocus` : ''}><br><span class="muted">webcal:// links: write https:// instead.</span></p>
<p><label for="feed-name">Name (optional)</label><br><input id="feed-name" name="name" maxlength="200" value="${values.name}" placeholder="Work calendar"><br><span class="muted">Blank: the host's name.</span></p>
<p><button type="submit">Add feed</button></p></form>`,
    error,
  );
}

/** Unknown or foreign feed ids answer the page again with the service's message. */
async function act(ctx: ConsoleContext, run: () => Promise<string>) {
  try {
    return ctx.redirect('/app/booking/feeds', await run());
  } catch (e) {
    if (e instanceof ServiceError) return feedsPage(ctx, undefined, e.message);
    throw e;
  }
}

export function feedRoutes(scope: ConsoleScope): void {
  scope.get('/booking/feeds', async (ctx) => feedsPage(ctx));
  scope.post('/booking/feeds', async (ctx) => {
    const values = { url: field(ctx.form, 'url').trim(), name: field(ctx.form, 'name').trim() };
    try {
      const feed = await addFeed(ctx.services.db, ctx.services.clock, ctx.services.outbound, { ownerId: ctx.owner.id, url: values.url, name: values.name || null });
      return ctx.redirect('/app/booking/feeds', `“${feed.name}” added; its first fetch is queued.`);
    } catch (e) {
      if (e instanceof ServiceError) return feedsPage(ctx, values, e.message);
      throw e;
    }
  });
  scope.post('/booking/feeds/refresh', async (ctx) =>
    act(ctx, async () => {
      await refreshFeed(ctx.services.db, ctx.services.clock, ctx.owner.id, field(ctx.form, 'id'));
      return 'A fetch was queued.';
    }),
  );
  scope.post('/booking/feeds/remove', async (ctx) =>
    act(ctx, async () => {
      await removeFeed(ctx.services.db, ctx.owner.id, field(ctx.form, 'id'));
      return 'The feed and its busy time were removed.';
    }),
  );
}
