import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { OPENAPI_FILE } from '../src/http/openapi.js';

export const SDK_TYPES_FILE = 'packages/sdk/src/api-types.ts';

const HEADER = '// Generated from openapi.json by openapi-typescript (`npm run sdk:types`); do not edit.\n';

/** The SDK's wire types, as openapi-typescript writes them from the committed openapi.json. */
export async function sdkTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), { silent: true });
  return HEADER + astToString(ast);
}
