#!/usr/bin/env -S node --max-semi-space-size=2
// The options after `node` are scripts/node-flags.mjs's (the service's memory).
// Runs the CLI from dist/, the JavaScript scripts/build.mjs compiles from src/ (on `npm ci` and
// before `npm start`). While dist/ is missing or older than a file of src/ (a checkout being
// edited), it runs src/ itself through tsx, which compiles on the fly with the project's tsconfig.
import { isFresh } from '../scripts/build-stamp.mjs';

if (isFresh()) {
  await import('../dist/cli/main.js');
} else {
  const { fileURLToPath } = await import('node:url');
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  await import('../src/cli/main.ts');
}
