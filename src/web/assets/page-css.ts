/**
 * The stylesheet of every page (served by assets.ts; the CSP admits no inline style): colours for
 * light and dark, the page's measure, cards, buttons, notices, and the small utility classes that
 * take the place of style attributes. The palette is the custom properties of `:root`, set again for
 * `prefers-color-scheme: dark`; every text colour on every background it is used on holds at least
 * 4.5:1 (WCAG AA; test/web/palette-contrast.test.ts computes them). Focus is a 3px outline on
 * whatever has it by keyboard; `prefers-reduced-motion` turns animations and transitions off.
 */
export const PAGE_CSS = `
:root{color-scheme:light dark;--fg:#1d1d1f;--muted:#5f6368;--bg:#fff;--card:#f6f7f9;--accent:#1a5fd0;--danger:#b3261e;--ok:#1e7d32;--focus:#1a5fd0}
@media (prefers-color-scheme:dark){:root{--fg:#e8eaed;--muted:#a8adb3;--bg:#16181b;--card:#22252a;--accent:#8ab4f8;--danger:#f28b82;--ok:#81c995;--focus:#8ab4f8}}
[hidden]{display:none!important}*{box-sizing:border-box}a{color:var(--accent)}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
.card{background:var(--card);border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}.muted{color:var(--muted)}
.status{display:inline-block;font-weight:600;padding:.15rem .6rem;border-radius:999px;background:var(--card);border:1px solid currentColor}
.status.ok{color:var(--ok)}.status.bad{color:var(--danger)}dl{margin:0}dt{font-weight:600;margin-top:.5rem}dd{margin:0}
form{display:inline}form.card,form.u-block{display:block}
input,select,textarea{font:inherit;padding:.45rem;border-radius:6px;border:1px solid var(--muted);background:var(--bg);color:var(--fg);max-width:100%}label{font-weight:600}
.stack input:not([type=checkbox]):not([type=radio]),.stack select{width:100%}
button,.button{font:inherit;cursor:pointer;border:0;border-radius:8px;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;background:var(--accent);color:var(--bg);text-decoration:none;display:inline-block}
button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}button.danger{background:var(--danger)}
.notice{border-left:4px solid var(--ok);padding-left:.75rem}
.notice.bad{border-color:var(--danger)}button:disabled{opacity:.35;cursor:default}
.u-block{display:block}.u-inline-block{display:inline-block}.u-flex{display:flex}.u-m0{margin:0}.u-mt0{margin-top:0}.u-mt2{margin-top:.5rem}.u-mt8{margin-top:2rem}
.u-mb2{margin-bottom:.5rem}.u-mr4{margin-right:1rem}.u-my1{margin:.25rem 0}.u-my15{margin:.35rem 0}.u-my2{margin:.5rem 0}
.u-plain{border:0;padding:0;margin:0}
.u-normal{font-weight:400}.u-pre{white-space:pre-wrap;overflow-wrap:anywhere}.u-wrap{overflow-wrap:anywhere}.u-font{font:inherit}.u-left{text-align:left}.u-scroll-x{overflow-x:auto}
.u-field{width:100%;padding:.5rem}.u-wfull{width:100%}.u-w55{width:5.5rem}.u-w6{width:6rem}.u-w8{width:8rem}
.u-box{border:1px solid var(--muted);border-radius:8px;margin:1rem 0}.u-select-all{user-select:all;font-size:1.05rem}
.u-day{font-size:1.1rem;margin:0 0 .5rem}.u-danger-summary{cursor:pointer;color:var(--danger);padding:.4rem 0}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:.5rem;top:-3rem;z-index:10;background:var(--bg);color:var(--accent);padding:.5rem .75rem;border-radius:8px}.skip:focus{top:.5rem}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}
/* Landing, 404, booking page (issue 15) */
main.wide{max-width:60rem}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
.brand{font-weight:700;margin:0}.brand a{color:inherit;text-decoration:none}.landing-head{display:flex;justify-content:space-between;align-items:center}
.lead{font-size:1.15rem}.features{list-style:none;padding:0;display:grid;gap:1rem}@media (min-width:48rem){.features{grid-template-columns:repeat(3,1fr)}}
.features li{background:var(--card);border-radius:12px;padding:1rem}.features h2{font-size:1.05rem;margin:0 0 .25rem}.features p{margin:0}
.langs ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:flex-end;padding:0;margin:0;font-size:.9rem}
.langs a[aria-current]{font-weight:700;color:var(--fg)}
.types ul{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;padding:0;margin:0 0 1rem}
.type{display:inline-block;padding:.45rem .9rem;border:1px solid var(--accent);border-radius:999px;color:var(--accent);text-decoration:none}
.type.chosen{background:var(--accent);color:var(--bg)}
form.zone-form{display:block;background:var(--card);border-radius:12px;padding:.75rem 1rem;margin:0 0 1rem}
.zone-row{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem}.zone-input{flex:1 1 14rem;font:inherit;padding:.5rem;min-width:0}.hint{display:block;font-size:.9rem}
.booking{display:grid;gap:1.5rem}@media (min-width:48rem){.booking{grid-template-columns:minmax(0,1fr) 14rem}.time-list{max-height:32rem;overflow-y:auto;padding:2px}}
.month-head{display:flex;align-items:center;justify-content:space-between}.month-head h2{font-size:1.15rem;margin:0}
.month-step{display:inline-flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:50%;font-size:1.5rem;text-decoration:none;color:var(--accent)}
span.month-step{color:var(--muted);visibility:hidden}a.month-step:hover{background:var(--card)}
.month-grid{width:100%;border-collapse:collapse;table-layout:fixed}.month-grid th{font-size:.8rem;font-weight:600;color:var(--muted);padding:.25rem 0}
.month-grid abbr{text-decoration:none}.month-grid td{text-align:center;padding:2px}
.day{display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;max-width:100%;margin:0 auto;border-radius:50%;color:var(--muted)}
a.day.free{background:var(--card);color:var(--accent);font-weight:700;text-decoration:none;border:2px solid transparent}
a.day.free:hover{border-color:var(--accent)}a.day.chosen{background:var(--accent);color:var(--bg)}
.times h2{margin-top:.35rem}.time-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:.5rem}
.time-list .time{display:block;text-align:center;margin:0;font-weight:600}
.cal-links{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}.cal-links .button{margin:0}
`;
