#!/usr/bin/env node
// Runs the TypeScript CLI without a build step: tsx compiles src/ on the fly and caches the output,
// so later starts skip the compile. The project's own tsconfig applies whatever the working folder.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/cli/main.ts');
