// Compiles src/ to dist/ (one JavaScript file per TypeScript file, same folders), so `serve` and the
// CLI run plain JavaScript: no TypeScript compiler in the running process, less memory and a faster
// start. esbuild only strips types, as tsx does for the tests; `npm run typecheck` checks them.
// The workspace packages (packages/sdk, packages/mcp) are built the same way, plus what a program
// installing them needs: their .d.ts (TypeScript's declaration emit without a type check, `noCheck`:
// the check is `npm run typecheck`'s, and the packed packages are type-checked by a consumer program
// in scripts/check-packages.mjs) and, for the SDK, a CommonJS copy in dist/cjs/.
// Runs on `npm ci` (prepare) and before `npm start`, both with `--if-stale`: only the parts (service,
// packages) with a file newer than their last build. `npx calendar-access` runs the package's
// prepare again in this folder: without `--if-stale` it rebuilt dist/ under a running `serve` or CLI
// (seen as a test's CLI failing to find a module of dist/ while the README's commands ran beside it).
// bin/calendar-access.js runs src/ through tsx while dist/ is missing or stale, so an edited checkout
// never runs old code. Without TypeScript installed (`npm ci --omit=dev`) the declarations are left
// out with a line saying so: the service does not need them.
//   node scripts/build.mjs [--if-stale]
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { out, PACKAGES, sources, src, staleParts, stamp } from './build-stamp.mjs';

const require = createRequire(import.meta.url);

const stale = process.argv.includes('--if-stale') ? staleParts() : { service: true, packages: true };
// A build without TypeScript (`npm ci --omit=dev`) left the .d.ts out: they are written once it is installed.
if (typescriptPath() && PACKAGES.some((p) => !existsSync(path.join(p.out, 'index.d.ts')))) stale.packages = true;
if (!stale.service && !stale.packages) process.exit(0);
const started = new Date();
const said = [];

/** Dates a stamp when the build began: a file saved during the build is newer, so stale next time. */
function writeStamp(file) {
  writeFileSync(file, `${started.toISOString()}\n`);
  utimesSync(file, started, started);
}

const js = (entryPoints, outdir, outbase, format = 'esm') => build({ entryPoints, outdir, outbase, format, platform: 'node', target: 'node20', logLevel: 'warning' });

// The service's files are written by esbuild's own process while TypeScript works on the packages here.
const service = stale.service ? buildService() : null;
async function buildService() {
  const entryPoints = sources().map((s) => s.file);
  rmSync(out, { recursive: true, force: true });
  await js(entryPoints, out, src);
  writeStamp(stamp);
  said.unshift(`${entryPoints.length} files into dist/`);
}

if (stale.packages) {
  const ts = typescript();
  for (const pkg of PACKAGES) {
    const entryPoints = sources(pkg.src).map((s) => s.file);
    rmSync(pkg.out, { recursive: true, force: true });
    // esbuild's JavaScript (its own process) is written while TypeScript emits the declarations here.
    const built = Promise.all([
      js(entryPoints, pkg.out, pkg.src),
      ...(pkg.cjs ? [js(entryPoints, path.join(pkg.out, 'cjs'), pkg.src, 'cjs')] : []),
    ]);
    if (ts) declarations(ts, pkg);
    await built;
    // dist/cjs/*.js are CommonJS although the package is "type": "module"; its .d.ts copies are read as CommonJS too.
    if (pkg.cjs) writeFileSync(path.join(pkg.out, 'cjs', 'package.json'), '{\n  "type": "commonjs"\n}\n');
    writeStamp(pkg.stamp);
  }
  said.push(`packages/${PACKAGES.map((p) => p.name).join(', ')}${ts ? ' with their .d.ts' : ' without .d.ts (TypeScript is not installed: npm ci --omit=dev)'}`);
}
await service;
console.log(`built ${said.join(' and ')} in ${Date.now() - started.getTime()} ms`);

/** Where the TypeScript compiler is, a development dependency: absent after `npm ci --omit=dev`. */
function typescriptPath() {
  try {
    return require.resolve('typescript');
  } catch {
    return null;
  }
}

/** The TypeScript compiler, loaded only when declarations are to be written (about 0.2 s). */
function typescript() {
  const at = typescriptPath();
  return at ? require(at) : null;
}

/** Writes the package's .d.ts (into dist/, and dist/cjs/ for a CommonJS copy) from its tsconfig.build.json. */
function declarations(ts, pkg) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
  const config = ts.getParsedCommandLineOfConfigFile(pkg.tsconfig, { noEmit: false, declaration: true, emitDeclarationOnly: true, noCheck: true }, host);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const write = (file, text) => {
    const copies = pkg.cjs ? [file, path.join(pkg.out, 'cjs', path.relative(pkg.out, file))] : [file];
    for (const copy of copies) {
      mkdirSync(path.dirname(copy), { recursive: true });
      writeFileSync(copy, text);
    }
  };
  const emitted = program.emit(undefined, write);
  const problems = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(), ...emitted.diagnostics];
  if (problems.length > 0) fail(problems);

  function fail(diagnostics) {
    const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => pkg.dir, getNewLine: () => '\n' });
    console.error(`declarations of packages/${pkg.name} not written:\n${text}`);
    process.exit(1);
  }
}
