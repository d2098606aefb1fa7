/**
 * The stylesheet of every page (served by assets.ts; the CSP admits no inline style): colours for
 * light and dark, the page's measure, cards, buttons, notices, and the small utility classes that
 * take the place of style attributes.
 */
export const PAGE_CSS = `
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
.notice.bad{border-color:var(--danger)}button:disabled{opacity:.35;cursor:default}
.u-block{display:block}.u-inline-block{display:inline-block}.u-flex{display:flex}.u-m0{margin:0}.u-mt0{margin-top:0}.u-mt2{margin-top:.5rem}.u-mt8{margin-top:2rem}
.u-mb2{margin-bottom:.5rem}.u-mr4{margin-right:1rem}.u-my1{margin:.25rem 0}.u-my15{margin:.35rem 0}.u-my2{margin:.5rem 0}
.u-normal{font-weight:400}.u-pre{white-space:pre-wrap}.u-wrap{overflow-wrap:anywhere}.u-font{font:inherit}.u-left{text-align:left}.u-scroll-x{overflow-x:auto}
.u-field{width:100%;padding:.5rem}.u-wfull{width:100%}.u-w55{width:5.5rem}.u-w6{width:6rem}.u-w8{width:8rem}
.u-box{border:1px solid var(--muted);border-radius:8px;margin:1rem 0}.u-select-all{user-select:all;font-size:1.05rem}
.u-day{font-size:1.1rem;margin:0 0 .5rem}.u-danger-summary{cursor:pointer;color:var(--danger);padding:.4rem 0}
`;
