import { stackTables } from '../table-cards.js';
import type { OwnerRow } from '../../store/schema.js';
import { FORM_ERROR_ID, html, page, type Markup } from '../html.js';

/** The console's sections, in the order of its navigation. */
export const SECTIONS = [
  ['calendar', 'Calendar'],
  ['todos', 'To-dos'],
  ['inbox', 'Inbox'],
  ['booking', 'Booking'],
  ['contacts', 'Blocked contacts'],
  ['journal', 'Journal'],
  ['developer', 'Developer'],
  ['mail', 'Mail'],
  ['account', 'Account'],
] as const;

export type Section = (typeof SECTIONS)[number][0];


/** A console page: the navigation, the signed-in owner, and a hidden CSRF field every form copies. */
export function consolePage(o: { title: string; owner: OwnerRow; active: Section; body: Markup; notice?: string | null; error?: string | null }): string {
  return stackTables(page({
    title: `${o.title} · calendar-access`,
    sheets: ['console.css'],
    header: html`<nav class="top" aria-label="Console">${SECTIONS.map(([key, label]) => html`<a href="/app/${key}"${key === o.active ? html` aria-current="page"` : ''}>${label}</a>`)}
<span class="who">${o.owner.display_name} (@${o.owner.username})</span></nav>`,
    body: html`<h1>${o.title}</h1>
${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
${o.error ? html`<p class="error" id="${FORM_ERROR_ID}" role="alert">${o.error}</p>` : ''}
${o.body}`,
  }));
}

/** The hidden field of a form posted to the console. */
export const csrfField = (token: string): Markup => html`<input type="hidden" name="_csrf" value="${token}">`;
