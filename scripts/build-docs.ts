// Writes the API reference as static HTML into site/ (git-ignored; publish the folder as it is):
// `npm run docs:build`. The same page /docs serves, drawn from the route definitions' document.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from '../src/http/openapi.js';
import { referenceSite } from '../src/reference/site.js';

const OUT = process.argv[2] ?? 'site';
rmSync(OUT, { recursive: true, force: true });
const files = referenceSite(await generateOpenApi());
for (const [name, body] of files) {
  mkdirSync(path.dirname(path.join(OUT, name)), { recursive: true });
  writeFileSync(path.join(OUT, name), body);
}
console.log(`wrote ${files.size} files into ${OUT}/ (open ${OUT}/index.html through any static web server)`);
