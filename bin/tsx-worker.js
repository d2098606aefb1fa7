// The entry of a worker thread while calendar-access runs from src/ (the tests, or a checkout being
// edited: see calendar-access.js). Node 20 does not give a worker thread the loader its main thread
// registered, so tsx is registered again here; then the TypeScript module the pool names in
// workerData is loaded, and its default export is what the thread runs.
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const loaded = import(workerData.module);

export default async function run(task) {
  return (await loaded).default(task);
}
