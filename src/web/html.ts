import { escapeHtml } from '../email/templates.js';

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

const STYLE = `
:root{color-scheme:light dark;--fg:#1d1d1f;--muted:#5f6368;--bg:#fff;--card:#f6f7f9;--accent:#1a5fd0;--danger:#b3261e;--ok:#1e7d32}
@media (prefers-color-scheme:dark){:root{--fg:#e8eaed;--muted:#a8adb3;--bg:#16181b;--card:#22252a;--accent:#8ab4f8;--danger:#f28b82;--ok:#81c995}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
.card{background:var(--card);border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}.muted{color:var(--muted)}
.status{display:inline-block;font-weight:600;padding:.15rem .6rem;border-radius:999px;background:var(--card);border:1px solid currentColor}
.status.ok{color:var(--ok)}.status.bad{color:var(--danger)}dl{margin:0}dt{font-weight:600;margin-top:.5rem}dd{margin:0}
form{display:inline}button,.button{font:inherit;cursor:pointer;border:0;border-radius:8px;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;background:var(--accent);color:var(--bg);text-decoration:none;display:inline-block}
button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}button.danger{background:var(--danger)}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.notice{border-left:4px solid var(--ok);padding-left:.75rem}
`;

/** The page shell: language, viewport, title, one stylesheet; no scripts needed. */
export function page(o: { title: string; lang?: string; body: Markup }): string {
  return html`<!doctype html>
<html lang="${o.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${o.title}</title><style>${raw(STYLE)}</style></head>
<body><main>${o.body}</main></body></html>`.text;
}
