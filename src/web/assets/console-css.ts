/**
 * The calendar's time grid (calendar-views.ts): rows of 15 minutes placed by `.r-<row>` (first row)
 * and `.s-<rows>` (how many), lanes of overlapping events by `.l-<lane>-<lanes>` over 60 columns.
 * Generated for up to 104 rows (a 25-hour day has 100) and 6 lanes: classes, since the CSP admits no style attribute.
 */
const ROWS = 104;
const LANES = 6;
const GRID_CLASSES = [
  ...Array.from({ length: ROWS }, (_, i) => `.r-${i + 1}{grid-row-start:${i + 1}}.s-${i + 1}{grid-row-end:span ${i + 1}}`),
  ...Array.from({ length: LANES }, (_, n) => Array.from({ length: n + 1 }, (_, lane) => `.tcol>.l-${lane}-${n + 1}{grid-column:${(lane * 60) / (n + 1) + 1}/span ${60 / (n + 1)}}`).join('')),
].join('\n');

const GRID_CSS = `.tgrid{overflow-x:auto;margin:.5rem 0 1rem;position:relative}.tband>:first-child{position:sticky;left:0;z-index:3;background:var(--bg)}.tband{display:grid;grid-template-columns:4.5rem repeat(7,minmax(5.5rem,1fr))}.tband.days-1{grid-template-columns:4.5rem minmax(0,1fr)}
.thead h3{font-size:.85rem;margin:0;padding:.3rem .2rem;text-align:center;font-weight:600}.thead a{color:var(--fg);text-decoration:none}.thead a:hover{text-decoration:underline}
.thead h3.today a{color:var(--accent)}.thead h3.chosen{box-shadow:inset 0 -3px var(--accent)}
.talld{border-top:1px solid var(--card);border-bottom:2px solid var(--card)}.tlabel{font-size:.7rem;color:var(--muted);padding:.2rem}
.allday{list-style:none;margin:0;padding:.15rem;font-size:.75rem;line-height:1.25;border-left:1px solid var(--card);min-height:1.5rem}.allday li{background:var(--card);border-radius:4px;padding:.1rem .25rem;margin:0 0 2px}
.allday .when{display:inline;margin-right:.25rem}.taxis,.tcol{display:grid;grid-auto-rows:.7rem}.tcol{grid-template-columns:repeat(60,minmax(0,1fr));border-left:1px solid var(--card)}
.tcol>*{grid-column:1/-1}.taxis span{font-size:.7rem;color:var(--muted);text-align:right;padding-right:.35rem;line-height:1.1;overflow:hidden}
.cell{display:block;border-top:1px solid var(--card)}a.cell:hover{background:var(--card)}.tcol.today{background:color-mix(in srgb,var(--accent) 4%,var(--bg))}
.absent{background:repeating-linear-gradient(45deg,var(--card) 0 4px,transparent 4px 8px)}
.ev{z-index:1;display:block;margin:1px 2px 1px 1px;padding:0 .3rem;border-radius:5px;border-left:3px solid var(--accent);background:color-mix(in srgb,var(--accent) 16%,var(--bg));color:var(--fg);text-decoration:none;font-size:.75rem;line-height:1.2;overflow:hidden;min-height:.65rem}
.ev.s-1,.ev.s-2{white-space:nowrap;text-overflow:ellipsis}.ev:hover{background:color-mix(in srgb,var(--accent) 26%,var(--bg))}.ev .when{display:inline;font-size:.7rem;color:var(--fg);font-weight:600}
.ev.pending{background:var(--bg);border:1px dashed var(--accent);border-left:3px dashed var(--accent)}.ev.cancelled{background:var(--card);border-left-color:var(--muted)}
.ev.from-before{border-top-left-radius:0;border-top-right-radius:0}.ev.until-after{border-bottom-left-radius:0;border-bottom-right-radius:0}
.now{z-index:2;align-self:start;height:0;border-top:2px solid var(--danger);pointer-events:none}
.month{table-layout:fixed}.month th{text-align:center;font-size:.85rem}.month abbr{text-decoration:none}
.month td{height:6.5rem;padding:.25rem;border:1px solid var(--card);font-size:.8rem;overflow:hidden}.month td.chosen{outline:2px solid var(--accent);outline-offset:-2px}
.month .dnum{display:inline-block;min-width:1.7rem;text-align:center;font-weight:600;color:var(--fg);text-decoration:none;border-radius:999px}
.month td.other .dnum{color:var(--muted)}.month td.today .dnum{background:var(--accent);color:var(--bg)}
.month ul{list-style:none;margin:.15rem 0;padding:0}.month li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.month li a{color:var(--fg)}
.month li.pending a{font-style:italic}.month .mt{color:var(--muted)}.month .more{font-size:.75rem}
@media (max-width:40rem){.month td{height:4.5rem;font-size:.7rem;padding:.1rem}.month li .mt{display:none}}
${GRID_CLASSES}
`;

/** The console's own styles (its navigation, tables, forms, the calendar), after page.css. */
export const CONSOLE_CSS = `.top{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin-bottom:1rem;border-bottom:1px solid var(--card);padding-bottom:.5rem}
.top a{color:var(--fg);text-decoration:none;padding:.35rem .5rem;border-radius:6px}.top a[aria-current=page]{background:var(--card);font-weight:600}
.top .who{margin-left:auto;color:var(--muted)}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--card);vertical-align:top}
/* The availability editor (console/booking.ts): a day per line; off days and closed dates hide their hours (:has, no script needed). */
.av-day{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-start;padding:.6rem 0;border-top:1px solid color-mix(in srgb,var(--muted) 35%,transparent)}
.av-name{min-width:8.5rem;padding-top:.45rem}.av-date-head{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;min-width:8.5rem}
.av-intervals{display:flex;flex-direction:column;align-items:flex-start;gap:.4rem;flex:1 1 14rem}.av-interval{display:flex;gap:.4rem;align-items:center;flex-wrap:wrap}
.u-time{width:8.5rem}@media (max-width:40rem){.u-time{width:8.25rem}.av-interval{gap:.25rem}.av-interval button.small{padding:.35rem .55rem}}.u-date{width:11rem}button.small{padding:.35rem .7rem;margin:0}.av-off-note,.av-closed-note{display:none;padding-top:.45rem;flex:1 1 14rem}
.av-day:has(.av-on:not(:checked)) .av-intervals,.av-day:has(.av-on:not(:checked)) .av-copy,.av-day:has(.av-off:checked) .av-intervals{display:none}
.av-day:has(.av-on:not(:checked)) .av-off-note,.av-day:has(.av-off:checked) .av-closed-note{display:block}
.save-bar{position:sticky;bottom:0;background:var(--bg);padding:.5rem 0;margin:0}html:has(.save-bar){scroll-padding-bottom:4.5rem}
/* A week on a phone: seven narrow days beside a narrow time axis, as calendar apps show it, not a grid to scroll sideways. */
@media (max-width:40rem){.tband:not(.days-1){grid-template-columns:2.75rem repeat(7,minmax(0,1fr))}.tband:not(.days-1)>*{min-width:0;overflow:hidden}.tband:not(.days-1) .thead h3{font-size:.75rem;padding:.3rem 0}}
/* Plain tables become a card per row on a phone (web/table-cards.ts labels each cell with its column). */
@media (max-width:40rem){table.cards,table.cards tbody,table.cards tr,table.cards td,table.cards tbody th{display:block;width:auto}
table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}table.cards caption{display:block}
table.cards tr{border:1px solid color-mix(in srgb,var(--muted) 35%,transparent);border-radius:10px;padding:.4rem .75rem;margin:.6rem 0}
table.cards td,table.cards tbody th{border:0;padding:.2rem 0}table.cards [data-label]::before{content:attr(data-label);display:block;font-size:.8rem;font-weight:600;color:var(--muted)}
.u-scroll-x:has(>table.cards){overflow-x:visible}}
.row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}.row>*{min-width:0;max-width:100%}.error{border-left:4px solid var(--danger);padding-left:.75rem}
code,.secret{font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}main{max-width:64rem}
.page-header{max-width:64rem;margin:0 auto;padding:1rem 1rem 0}.page-header .top{margin-bottom:0}.page-header+main{padding-top:1rem}
.agenda a,.allday a{color:var(--fg)}.cancelled a,.ev.cancelled .ttl{text-decoration:line-through}.when{display:block;color:var(--muted);font-size:.8rem}
.calnav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin-bottom:.25rem}.calnav a[aria-current]{font-weight:600}
.zones{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem}.zones>span{min-width:14rem}
.calnav .views,.calmove{display:inline-flex;flex-wrap:wrap;gap:.75rem}.keys{font-size:.8rem;margin:0 0 .5rem}
${GRID_CSS}form.event-form{display:block}fieldset{border:1px solid var(--muted);border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}
.sr{position:absolute;left:0;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
/* An endpoint's events (console/event-types-field.ts): the groups side by side, one column on a phone; dimmed while "All events" is chosen (:has, no script). */
.et-groups{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr));gap:0 1rem;margin-left:1.6rem}.et-groups fieldset{margin:.25rem 0}
.et-choice:has(.et-all:checked) .et-groups{opacity:.55}@media (max-width:40rem){.et-groups{margin-left:0}}code.et-name{white-space:nowrap}
`;
