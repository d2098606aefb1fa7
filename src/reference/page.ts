import type { ReferenceAsset } from './assets.js';

/**
 * The reference's one page: a header, a note for browsers without JavaScript, and the element
 * Swagger UI fills. No inline script or style (the CSP admits none): the scripts and stylesheets are
 * files, and the start-up script finds the document's address in `data-spec`.
 * `base` is where the files lie: `/docs/` when served, `` for the static copy (npm run docs:build).
 */
export function referencePage(assets: readonly ReferenceAsset[], base: string): string {
  const css = assets.filter((a) => a.file.endsWith('.css')).map((a) => `<link rel="stylesheet" href="${base}assets/${a.file}">`);
  const js = assets.filter((a) => a.file.endsWith('.js')).map((a) => `<script src="${base}assets/${a.file}"></script>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Personal Calendar Access API reference</title>
${css.join('\n')}
</head>
<body>
<header class="reference-header"><span class="reference-title">Personal Calendar Access API</span> <a href="${base}openapi.json">openapi.json</a></header>
<noscript><p class="reference-noscript">This reference is drawn by JavaScript. Without it, read the OpenAPI document at <a href="${base}openapi.json">${base}openapi.json</a>, or docs/api.md in the repository.</p></noscript>
<div id="reference" data-spec="${base}openapi.json"></div>
${js.join('\n')}
</body></html>
`;
}
