import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REFERENCE_CSS } from './reference-css.js';
import { REFERENCE_JS } from './reference-js.js';

/**
 * The files of the reference page: Swagger UI's own bundle and stylesheet, read from the installed
 * swagger-ui-dist package (nothing from a CDN: the service runs offline), and our start-up script
 * and stylesheet. Each is addressed by a hash of its content, so it can be cached for a year.
 */
export interface ReferenceAsset {
  name: string;
  /** The file name with the content's hash: `swagger-ui-3f2a….js`. */
  file: string;
  type: string;
  body: string;
}

const TYPES = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' } as const;

/** Where swagger-ui-dist is installed (it has no exports map: its package.json resolves). */
export function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** The source map comment is dropped: the map is not served, and a browser would ask for it. */
const withoutSourceMap = (text: string) => text.replace(/\n?\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, '\n');

function asset(name: string, body: string): ReferenceAsset {
  const [base, ext] = name.split('.') as [string, keyof typeof TYPES];
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name, file: `${base}-${hash}.${ext}`, type: TYPES[ext], body };
}

let loaded: ReferenceAsset[] | null = null;

/** The four files, read once (Swagger UI's bundle is about 1.5 MB). */
export function referenceAssets(): ReferenceAsset[] {
  if (loaded) return loaded;
  const dir = swaggerUiDir();
  loaded = [
    asset('swagger-ui.css', withoutSourceMap(readFileSync(path.join(dir, 'swagger-ui.css'), 'utf8'))),
    asset('reference.css', REFERENCE_CSS),
    asset('swagger-ui.js', withoutSourceMap(readFileSync(path.join(dir, 'swagger-ui-bundle.js'), 'utf8'))),
    asset('reference.js', REFERENCE_JS),
  ];
  return loaded;
}
