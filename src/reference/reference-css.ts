/**
 * The reference page's own styles (served as a file: the CSP admits no inline style). System fonts
 * only. On a phone (390 px) nothing is wider than the screen: the guides' tables scroll within
 * themselves, and the answers' "Links" column (always "No links": the document defines none) gives
 * way, having pushed the page 22 px wider than the screen.
 */
export const REFERENCE_CSS = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff}
.reference-header{display:flex;gap:1rem;align-items:baseline;padding:.75rem 1.25rem;border-bottom:1px solid #e3e3e3;background:#1f2933;color:#fff}
.reference-header a{color:#9fd3ff}
.reference-title{font-weight:600;font-size:1.1rem}
.reference-noscript{padding:1rem 1.25rem}
.code-samples{padding:0 20px 10px}
.code-samples h4{font-size:14px;margin:10px 0 6px}
.code-sample h5{font-size:12px;margin:8px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:#3b4151}
.code-sample pre{margin:0;padding:10px;border-radius:4px;background:#333;color:#fff;font-size:12px;white-space:pre-wrap;word-break:break-word}
.information-container details{margin:.25rem 0;border:1px solid #e3e3e3;border-radius:4px;padding:.25rem .75rem}
.information-container details>summary{cursor:pointer;font-size:1.1rem;font-weight:600;padding:.35rem 0;color:#3b4151}
.information-container table{display:block;max-width:100%;overflow-x:auto}
@media (max-width:600px){.responses-table .response-col_links{display:none}}
`;
