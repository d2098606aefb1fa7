// Writes openapi.json from the route definitions: `npm run openapi`.
import { writeFileSync } from 'node:fs';
import { generateOpenApi, OPENAPI_FILE, serializeOpenApi } from '../src/http/openapi.js';

writeFileSync(OPENAPI_FILE, serializeOpenApi(await generateOpenApi()));
console.log(`wrote ${OPENAPI_FILE}`);
