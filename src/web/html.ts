import { escapeHtml } from '../email/templates.js';
import { assetUrl, stylesheetUrl, type AssetName, type StylesheetName } from './assets.js';

/**
 * Server-rendered HTML: a tagged template that escapes every interpolated value unless it is already
 * markup made by `html` itself (or `raw`, for trusted constants only). Arrays are joined.
 */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export const raw = (text: string): Markup => new Markup(text);

function render(value: unknown): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Markup(out);
}


/**
 * The page shell: language, viewport, title, the favicon, one stylesheet (page.css with any `sheets`
 * after it, served as one file: web/assets.ts); scripts are files a page adds itself: the CSP admits
 * nothing inline. A page with a `header` (the console's navigation) puts it before `<main>` with a
 * "Skip to content" link first, so a keyboard user passes the navigation in one step (WCAG 2.4.1).
 */
export function page(o: { title: string; lang?: string; body: Markup; sheets?: StylesheetName[]; header?: Markup; wide?: boolean }): string {
  const sheet = html`<link rel="stylesheet" href="${stylesheetUrl(['page.css', ...(o.sheets ?? [])])}">`;
  const top = o.header ? html`<a class="skip" href="#main">Skip to content</a><header class="page-header">${o.header}</header>` : '';
  return html`<!doctype html>
<html lang="${o.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${o.title}</title><link rel="icon" href="${assetUrl('favicon.svg')}" type="image/svg+xml">${sheet}</head>
<body>${top}<main id="main"${o.wide ? html` class="wide"` : ''}>${o.body}</main></body></html>`.text;
}

/** The id of the message a refused form shows at its top: the fields it is about point to it. */
export const FORM_ERROR_ID = 'form-error';

/**
 * The attributes tying a form field to what is said about it: `aria-describedby` its hint (an
 * element id) and, when the refused form's error is about this field, `aria-invalid` and the error
 * message (FORM_ERROR_ID) too, so a screen reader reads the error with the field.
 */
export function fieldAttrs(o: { invalid?: boolean; hint?: string | null }): Markup {
  const described = [o.invalid ? FORM_ERROR_ID : null, o.hint ?? null].filter((id) => id !== null).join(' ');
  return html`${o.invalid ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}`;
}

/** A script of web/assets.ts, with `data-` attributes it reads. */
export function script(name: AssetName, data: Record<string, string | number> = {}): Markup {
  return html`<script src="${assetUrl(name)}"${Object.entries(data).map(([k, v]) => html` data-${k}="${String(v)}"`)}></script>`;
}
