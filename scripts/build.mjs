// Compiles src/ to dist/ (one JavaScript file per TypeScript file, same folders), so `serve` and the
// CLI run plain JavaScript: no TypeScript compiler in the running process, less memory and a faster
// start. esbuild only strips types, as tsx does for the tests; `npm run typecheck` checks them.
// Runs on `npm ci` (prepare) and before `npm start`, both with `--if-stale`: only when a file under
// src/ is newer than the last build. `npx calendar-access` runs the package's prepare again in this
// folder: without `--if-stale` it rebuilt dist/ under a running `serve` or CLI (seen as a test's CLI
// failing to find a module of dist/ while the README's commands ran beside it). bin/calendar-access.js runs src/ through tsx while dist/ is missing
// or stale, so an edited checkout never runs old code.
//   node scripts/build.mjs [--if-stale]
import { build } from 'esbuild';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { isFresh, out, PACKAGES, sources, src, stamp } from './build-stamp.mjs';

if (process.argv.includes('--if-stale') && isFresh()) process.exit(0);
const started = new Date();
const entryPoints = sources().map((s) => s.file);
rmSync(out, { recursive: true, force: true });
await build({ entryPoints, outdir: out, outbase: src, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
// The workspace packages the CLI imports (@calendar-access/sdk, @calendar-access/mcp), the same way.
for (const pkg of PACKAGES) {
  rmSync(pkg.out, { recursive: true, force: true });
  await build({ entryPoints: sources(pkg.src).map((s) => s.file), outdir: pkg.out, outbase: pkg.src, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
}
// The stamp is written last and dated when the build began: a file saved during the build is newer.
writeFileSync(stamp, `${started.toISOString()}\n`);
utimesSync(stamp, started, started);
console.log(`built ${entryPoints.length} files into dist/ in ${Date.now() - started.getTime()} ms`);
