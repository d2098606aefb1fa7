import { escapeHtml } from '../email/templates.js';
import { assetUrl, type AssetName } from './assets.js';

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
 * The page shell: language, viewport, title, the stylesheets (page.css, then any `sheets`); scripts
 * are files a page adds itself (web/assets.ts): the CSP admits nothing inline.
 */
export function page(o: { title: string; lang?: string; body: Markup; sheets?: AssetName[] }): string {
  const sheets = ['page.css' as const, ...(o.sheets ?? [])].map((name) => html`<link rel="stylesheet" href="${assetUrl(name)}">`);
  return html`<!doctype html>
<html lang="${o.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${o.title}</title>${sheets}</head>
<body><main>${o.body}</main></body></html>`.text;
}

/** A script of web/assets.ts, with `data-` attributes it reads. */
export function script(name: AssetName, data: Record<string, string | number> = {}): Markup {
  return html`<script src="${assetUrl(name)}"${Object.entries(data).map(([k, v]) => html` data-${k}="${String(v)}"`)}></script>`;
}
