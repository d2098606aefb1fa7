/** The console's own styles (its navigation, tables, forms, the calendar's week), after page.css. */
export const CONSOLE_CSS = `.top{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin-bottom:1rem;border-bottom:1px solid var(--card);padding-bottom:.5rem}
.top a{color:var(--fg);text-decoration:none;padding:.35rem .5rem;border-radius:6px}.top a[aria-current=page]{background:var(--card);font-weight:600}
.top .who{margin-left:auto;color:var(--muted)}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--card);vertical-align:top}
input,select,textarea{font:inherit;padding:.45rem;border-radius:6px;border:1px solid var(--muted);background:var(--bg);color:var(--fg);max-width:100%}
label{font-weight:600}.row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}.error{border-left:4px solid var(--danger);padding-left:.75rem}
code,.secret{font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}main{max-width:64rem}
.week{display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:.5rem}@media (max-width:52rem){.week{grid-template-columns:1fr}}
.day{background:var(--card);border-radius:10px;padding:.5rem .6rem;min-height:6rem}.day.today{outline:2px solid var(--accent)}
.day h2{font-size:.95rem;margin:0 0 .4rem}.day ol{list-style:none;margin:0;padding:0}.day li{margin:.4rem 0;font-size:.9rem;line-height:1.3}
.day a,.agenda a{color:var(--fg)}.cancelled a{text-decoration:line-through}.when{display:block;color:var(--muted);font-size:.8rem}
.calnav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin-bottom:1rem}.calnav a[aria-current]{font-weight:600}
form.event-form{display:block}fieldset{border:1px solid var(--muted);border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
