// Writes packages/sdk/src/api-types.ts from openapi.json with openapi-typescript: `npm run sdk:types`
// (after `npm run openapi`). test/sdk/types.test.ts fails while the file is stale.
import { writeFileSync } from 'node:fs';
import { SDK_TYPES_FILE, sdkTypes } from './sdk-types.js';

writeFileSync(SDK_TYPES_FILE, await sdkTypes());
console.log(`wrote ${SDK_TYPES_FILE}`);
