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

/** The workspace packages the CLI runs (packages/NAME/src → packages/NAME/dist), built with src/. */
export const PACKAGES = ['sdk', 'mcp'].map((name) => ({ src: path.join(root, 'packages', name, 'src'), out: path.join(root, 'packages', name, 'dist') }));

/** True when dist/ holds a build at least as new as every file of src/ and of the packages' src/. */
export function isFresh() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return [...sources(), ...PACKAGES.flatMap((p) => sources(p.src))].every((s) => s.mtimeMs <= built);
}
