import type { OwnerRow } from '../../store/schema.js';
import { html, page, type Markup } from '../html.js';

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

const NAV_STYLE = `
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin-bottom:1rem;border-bottom:1px solid var(--card);padding-bottom:.5rem}
.top a{color:var(--fg);text-decoration:none;padding:.35rem .5rem;border-radius:6px}.top a[aria-current=page]{background:var(--card);font-weight:600}
.top .who{margin-left:auto;color:var(--muted)}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--card);vertical-align:top}
input,select,textarea{font:inherit;padding:.45rem;border-radius:6px;border:1px solid var(--muted);background:var(--bg);color:var(--fg);max-width:100%}
label{font-weight:600}.row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}.error{border-left:4px solid var(--danger);padding-left:.75rem}
code,.secret{font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}main{max-width:64rem}`;

/** A console page: the navigation, the signed-in owner, and a hidden CSRF field every form copies. */
export function consolePage(o: { title: string; owner: OwnerRow; active: Section; body: Markup; notice?: string | null; error?: string | null }): string {
  return page({
    title: `${o.title} · calendar-access`,
    body: html`<style>${NAV_STYLE}</style>
<nav class="top" aria-label="Console">${SECTIONS.map(([key, label]) => html`<a href="/app/${key}"${key === o.active ? html` aria-current="page"` : ''}>${label}</a>`)}
<span class="who">${o.owner.display_name} (@${o.owner.username})</span></nav>
<h1>${o.title}</h1>
${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
${o.body}`,
  });
}

/** The hidden field of a form posted to the console. */
export const csrfField = (token: string): Markup => html`<input type="hidden" name="_csrf" value="${token}">`;
