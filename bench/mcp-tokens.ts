// What each MCP tool answer costs an assistant's context, for the demo owner (`calendar-access demo`):
// the service in-process on PGlite, `calendar-access mcp` started as an assistant starts it (stdio,
// the official MCP client), every read tool called once, and the text content of each answer
// measured. Beside it, what the same call cost before the answers were made compact: the API's
// records pretty-printed, every null field kept (`JSON.stringify(result, null, 2)`, as the tools
// answered until issue 29).
// Tokens are approximated as characters / 4 (no tokenizer is a dependency of the project; JSON full of
// ids and instants tokenizes denser than prose, so the real count of a model's tokenizer is higher,
// for both columns alike). Figures only: nothing asserts a size (test/mcp/ does).
//   npx tsx bench/mcp-tokens.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { migrate, openStore } from '../src/store/db.js';
import { CountingButUnlimitedStore } from './support.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY_MS = 86_400_000;
const tokens = (chars: number): number => Math.round(chars / 4);
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const store = await openStore({ databaseUrl: null, dataDir: null });
await migrate(store);
const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, limits: new CountingButUnlimitedStore() });
const demo = await createDemo(rt.store.db, rt.clock);
const app = await buildApp(rt);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const api = async (p: string): Promise<any> => (await fetch(`${address}/api/v1${p}`, { headers: { authorization: `Bearer ${demo.token}` } })).json();
/** Every item of an API list, following its cursor: what the old tools answered (at most 200). */
async function all(p: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor = '';
  for (;;) {
    const page = await api(`${p}${p.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.data);
    if (!page.nextCursor || items.length >= 200) return items.slice(0, 200);
    cursor = page.nextCursor;
  }
}
const before = (value: unknown): number => JSON.stringify(value, null, 2).length;

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [path.join(ROOT, 'bin/calendar-access.js'), 'mcp', '--api', address],
  env: { ...getDefaultEnvironment(), CALENDAR_ACCESS_TOKEN: demo.token },
  stderr: 'inherit',
});
const mcp = new Client({ name: 'bench', version: '1.0.0' });
await mcp.connect(transport);

const now = Date.now();
const from62 = new Date(now - 31 * DAY_MS).toISOString().slice(0, 19) + 'Z';
const to62 = new Date(now + 31 * DAY_MS).toISOString().slice(0, 19) + 'Z';
const types = (await api('/appointment-types')).data as { id: string; name: string }[];
const type = types.find((t) => t.name === 'Coffee chat') ?? types[0]!;

interface Row {
  call: string;
  items: number;
  chars: number;
  beforeChars: number | null;
}
const rows: Row[] = [];

async function measure(call: string, name: string, args: Record<string, unknown>, count: (s: any) => number, old: () => Promise<number | null>): Promise<any> {
  const answer = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: any };
  if (answer.isError) throw new Error(`${name}: ${answer.content[0]!.text}`);
  const text = answer.content.map((c) => c.text).join('\n');
  rows.push({ call, items: count(answer.structuredContent), chars: text.length, beforeChars: await old() });
  return answer.structuredContent;
}

const { tools } = await mcp.listTools();
// The whole list goes over the wire; a model is usually given the name, description and input schema.
rows.push({ call: `tools/list (${tools.length} tools, as sent)`, items: tools.length, chars: JSON.stringify(tools).length, beforeChars: null });
rows.push({ call: 'tools/list (name, description, inputSchema)', items: tools.length, chars: JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }))).length, beforeChars: null });
await measure('get_current_time', 'get_current_time', {}, () => 1, async () => null);
await measure('get_account', 'get_account', {}, () => 1, async () => before(await api('/me')));
await measure('list_appointment_types', 'list_appointment_types', {}, (s) => s.appointmentTypes.length, async () => before((await api('/appointment-types')).data));
await measure(`find_free_slots (${type.name}, 14 days)`, 'find_free_slots', { appointmentTypeId: type.id, from: day(now), to: day(now + 13 * DAY_MS) }, (s) => s.slots.length, async () =>
  before(await api(`/availability?appointmentTypeId=${type.id}&from=${day(now)}&to=${day(now + 13 * DAY_MS)}&tz=${demo.timezone}`)));
await measure('find_free_time (14 days, 30 minutes or more)', 'find_free_time', { from: day(now), to: day(now + 13 * DAY_MS), minMinutes: 30 }, (s) => s.free.length, async () =>
  before(await api(`/free-time?from=${day(now)}&to=${day(now + 13 * DAY_MS)}&tz=${demo.timezone}&minMinutes=30`)));
await measure('list_events (7 days from today)', 'list_events', { from: day(now), to: day(now + 6 * DAY_MS) }, (s) => s.events.length, async () => {
  const items = await all(`/events?from=${new Date(Date.parse(`${day(now)}T00:00:00Z`)).toISOString().slice(0, 19)}Z&to=${new Date(Date.parse(`${day(now)}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 19)}Z`);
  return before({ items, more: false });
});
const window = await measure('list_events (62 days, today ± 31)', 'list_events', { from: from62, to: to62 }, (s) => s.events.length, async () => before({ items: await all(`/events?from=${from62}&to=${to62}`), more: false }));
const someEvent = window.events[Math.floor(window.events.length / 2)];
await measure('get_event', 'get_event', { id: someEvent.id }, () => 1, async () => before(await api(`/events/${encodeURIComponent(someEvent.id)}`)));
await measure('list_todos (open)', 'list_todos', { status: 'open' }, (s) => s.todos.length, async () => before({ items: await all('/tasks?status=open'), more: false }));
await measure('list_todos (all)', 'list_todos', {}, (s) => s.todos.length, async () => before({ items: await all('/tasks'), more: false }));
await measure('list_requests (all)', 'list_requests', {}, (s) => s.requests.length, async () => before({ items: await all('/requests'), more: false }));
await measure('list_requests (pending)', 'list_requests', { status: 'pending' }, (s) => s.requests.length, async () => before({ items: await all('/requests?status=pending'), more: false }));

await mcp.close();
await app.close();
await rt.close();

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`Demo owner ${demo.owner} (${demo.timezone}), ${new Date(now).toISOString().slice(0, 16)}Z; tokens ≈ characters / 4.`);
console.log(`${'call'.padEnd(44)}${pad('items', 6)}${pad('chars', 8)}${pad('~tokens', 9)}${pad('before', 9)}${pad('~tokens', 9)}`);
for (const r of rows) {
  const old = r.beforeChars === null ? ['', ''] : [r.beforeChars, tokens(r.beforeChars)];
  console.log(`${r.call.padEnd(44)}${pad(r.items, 6)}${pad(r.chars, 8)}${pad(tokens(r.chars), 9)}${pad(old[0]!, 9)}${pad(old[1]!, 9)}`);
}
