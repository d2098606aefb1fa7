import { referenceAssets } from './assets.js';
import { referenceDocument } from './document.js';
import { guidesMarkdown, readDoc } from './guides.js';
import { referencePage } from './page.js';

/**
 * The reference as static files for publishing (`npm run docs:build`): the same page, assets and
 * document /docs serves, addressed relative to the page so the folder can be put anywhere.
 */
export function referenceSite(openapi: Record<string, unknown>, read: (file: string) => string = readDoc): Map<string, string> {
  const assets = referenceAssets();
  const files = new Map<string, string>();
  files.set('index.html', referencePage(assets, ''));
  files.set('openapi.json', `${JSON.stringify(referenceDocument(openapi, guidesMarkdown(read)), null, 2)}\n`);
  for (const asset of assets) files.set(`assets/${asset.file}`, asset.body);
  return files;
}
