// Writes docs/errors.md from the error table in src/http/errors.ts: `npm run errors`.
import { writeFileSync } from 'node:fs';
import { errorsDocument, ERRORS_DOC_FILE } from '../src/http/errors-doc.js';

writeFileSync(ERRORS_DOC_FILE, errorsDocument());
console.log(`wrote ${ERRORS_DOC_FILE}`);
