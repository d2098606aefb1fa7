// Whether dist/ holds a build of the current src/: read by bin/calendar-access.js at every start
// (a walk of src/ takes a few milliseconds) and by scripts/build.mjs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const src = path.join(root, 'src');
export const out = path.join(root, 'dist');
export const stamp = path.join(out, '.built');

/** Every .ts file under src/ with its modification time. */
export function sources(dir = src) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sources(full));
    else if (entry.name.endsWith('.ts')) files.push({ file: full, mtimeMs: statSync(full).mtimeMs });
  }
  return files;
}

/**
 * The workspace packages (packages/NAME/src → packages/NAME/dist, with their .d.ts), built with
 * src/ and in this order: mcp's declarations read the SDK's. Each has its own stamp, so an edit of
 * src/ alone does not emit declarations again (about 3 s of TypeScript on a busy 2-core machine).
 * `cjs`: a CommonJS copy in dist/cjs/ as well (`require` of an SDK is what the ecosystem expects).
 */
export const PACKAGES = [
  { name: 'sdk', cjs: true },
  { name: 'mcp', cjs: false },
].map(({ name, cjs }) => {
  const dir = path.join(root, 'packages', name);
  return { name, cjs, dir, src: path.join(dir, 'src'), out: path.join(dir, 'dist'), stamp: path.join(dir, 'dist', '.built'), tsconfig: path.join(dir, 'tsconfig.build.json') };
});

/** True when `stampFile` is at least as new as every file of `dirs` (and `also`). */
function builtAfter(stampFile, dirs, also = []) {
  if (!existsSync(stampFile)) return false;
  const built = statSync(stampFile).mtimeMs;
  return [...dirs.flatMap((d) => sources(d)), ...also.map((file) => ({ file, mtimeMs: statSync(file).mtimeMs }))].every((s) => s.mtimeMs <= built);
}

/**
 * What a build must redo: the service's dist/ (`service`), the packages' (`packages`: both, since
 * mcp's declarations name the SDK's types). Without src/ this is an installed package (npm pack
 * ships dist/, never src/): its dist/ is all there is, and it is not stale.
 */
export function staleParts() {
  if (!existsSync(src)) return { service: false, packages: false };
  return {
    service: !builtAfter(stamp, [src]),
    packages: PACKAGES.some((p) => !builtAfter(p.stamp, [p.src], [p.tsconfig])),
  };
}

/** True when dist/ holds a build at least as new as every file of src/ and of the packages' src/. */
export function isFresh() {
  const { service, packages } = staleParts();
  return !service && !packages;
}
