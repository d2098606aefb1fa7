// The three packages as someone outside this repository gets them (issue 29 point 1), run by .ci/run:
// `npm pack` of packages/sdk, packages/mcp and the service, the three tarballs installed together
// into an empty folder under the system's temporary folder (with TypeScript and @types/node, as a
// user adds them), then:
//   - strict programs type-check against the installed packages with module nodenext and no DOM
//     library: the SDK README's quickstart, a program using paging, an idempotent create, typed
//     errors and webhook verification (ESM), the same client from CommonJS (the `require`
//     condition's types), and a program starting the MCP server;
//   - the SDK is required from CommonJS and imported from ESM, with the same exports;
//   - the installed `calendar-access` runs from its dist/ with tsx and esbuild taken out of the
//     folder (`--help`, `mcp --help`, `listen --help`), serves (GET /healthz), makes the demo owner,
//     runs the two compiled programs against it, and `calendar-access mcp` answers the official MCP
//     client (@modelcontextprotocol/sdk) over stdio, and over Streamable HTTP (`mcp --http`) once
//     the client has authorised itself with the service's OAuth (an app made by `app create`, the
//     owner made by `owner create` signing in and approving the consent page).
//   node scripts/check-packages.mjs [--keep]     (--keep leaves the folder, and says where)
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './build-stamp.mjs';

const run = promisify(execFile);
const started = Date.now();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'calendar-access-packages-'));
const tarballs = path.join(scratch, 'tarballs');
const app = path.join(scratch, 'app');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** A loaded 2-core machine installs ~190 MB of dependencies in 30-90 s: each command gets 5 minutes. */
const COMMAND_MS = 300_000;
let serve = null;
let connector = null;

/** Runs a command; on failure prints what it said and ends the check. */
async function sh(what, command, args, options = {}) {
  try {
    return await run(command, args, { cwd: app, timeout: COMMAND_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', ...options });
  } catch (e) {
    throw new Error(`${what} failed: ${command} ${args.join(' ')}\n${e.stdout ?? ''}${e.stderr ?? ''}${e.stdout || e.stderr ? '' : e.message}`);
  }
}

let lastOk = Date.now();
/** A line per step, with the seconds it took (not TAP's `ok`: CI reads the tests' closing lines). */
const ok = (line) => {
  console.log(`[packages] ${line} (${((Date.now() - lastOk) / 1000).toFixed(1)} s)`);
  lastOk = Date.now();
};
const check = (cond, message) => {
  if (!cond) throw new Error(message);
};

try {
  mkdirSync(tarballs);
  mkdirSync(app);

  // 1. Pack. The packages' prepack and the service's prepare build dist/ when it is stale.
  await sh('npm pack', npm, ['pack', '--silent', '--pack-destination', tarballs, '-w', '@calendar-access/sdk', '-w', '@calendar-access/mcp'], { cwd: root });
  await sh('npm pack', npm, ['pack', '--silent', '--pack-destination', tarballs], { cwd: root });
  const packed = readdirSync(tarballs).sort();
  const tgz = (name) => {
    const file = packed.find((f) => f.startsWith(`${name}-`) && /^\d/.test(f.slice(name.length + 1)));
    check(file, `no tarball of ${name} in ${packed.join(', ')}`);
    return path.join(tarballs, file);
  };
  const tarballOf = { sdk: tgz('calendar-access-sdk'), mcp: tgz('calendar-access-mcp'), service: tgz('calendar-access') };
  for (const [name, file] of Object.entries(tarballOf)) {
    const { stdout } = await sh('tar', 'tar', ['tzf', file]);
    const files = stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
    const must = {
      sdk: ['dist/index.js', 'dist/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json', 'README.md'],
      mcp: ['dist/index.js', 'dist/index.d.ts', 'README.md'],
      service: ['bin/calendar-access.js', 'scripts/build-stamp.mjs', 'dist/cli/main.js', 'dist/store/migrations', 'docs/errors.md', 'README.md'],
    }[name];
    for (const m of must) check(files.some((f) => f === m || f.startsWith(`${m}/`)), `${path.basename(file)} lacks ${m}`);
    const never = files.filter((f) => /^(src|test|bench|packages|node_modules)\/|\.ts$/.test(f) && !f.endsWith('.d.ts'));
    check(never.length === 0, `${path.basename(file)} ships what a user does not need: ${never.slice(0, 5).join(', ')}`);
    ok(`packed ${path.basename(file)} (${files.length} files)`);
  }

  // 2. Install the three together (@calendar-access/sdk 0.1.0 is on no registry yet: npm takes it from
  // its tarball), with the TypeScript and Node.js types of this repository's versions.
  const version = (pkg) => JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'outside', private: true, type: 'module' }, null, 2)}\n`);
  await sh('npm install', npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarballOf.sdk, tarballOf.mcp, tarballOf.service, `@modelcontextprotocol/sdk@${version('@modelcontextprotocol/sdk')}`, `typescript@${version('typescript')}`, `@types/node@${version('@types/node')}`]);
  ok(`installed the three tarballs into ${app}`);

  // 3. Type-check strict programs against what was installed (skipLibCheck off: the SDK's .d.ts are checked too).
  copyFileSync(path.join(root, 'packages/sdk/examples/quickstart.ts'), path.join(app, 'quickstart.mts'));
  writeFileSync(path.join(app, 'integrator.mts'), integratorProgram());
  writeFileSync(path.join(app, 'integrator.cts'), integratorCommonJs());
  writeFileSync(path.join(app, 'assistant.mts'), assistantProgram());
  const tsc = path.join(app, 'node_modules/typescript/bin/tsc');
  const strict = ['--strict', '--module', 'nodenext', '--lib', 'es2022', '--types', 'node'];
  await sh('tsc (SDK programs)', process.execPath, [tsc, ...strict, '--outDir', 'out', 'quickstart.mts', 'integrator.mts', 'integrator.cts']);
  // The MCP server's types pull in @modelcontextprotocol/sdk's and zod's (a minute of checking on a
  // busy machine): skipped here, and the program's @ts-expect-error proves runStdioServer is typed.
  await sh('tsc (MCP program)', process.execPath, [tsc, ...strict, '--noEmit', '--skipLibCheck', 'assistant.mts']);
  ok('strict programs type-check (module nodenext, no DOM): the quickstart, paging/idempotency/errors/webhooks in ESM and CommonJS, the MCP server');

  // 4. The SDK from CommonJS and from ESM: the same exports, the classes usable.
  const probe = `const sdk = require('@calendar-access/sdk'); const c = new sdk.CalendarAccess({ token: 'svc_test_x', baseUrl: 'http://127.0.0.1:1/api/v1' });
    if (typeof c.events.list !== 'function' || typeof sdk.verifyWebhook !== 'function') throw new Error('incomplete');
    import('@calendar-access/sdk').then((esm) => { const a = Object.keys(sdk).filter((k) => k !== 'default').sort().join(), b = Object.keys(esm).filter((k) => k !== 'default').sort().join(); if (a !== b) throw new Error('require: ' + a + '\\nimport: ' + b); console.log(Object.keys(esm).length); });`;
  const exports = await sh('require of the SDK', process.execPath, ['--input-type=commonjs', '-e', probe]);
  ok(`require('@calendar-access/sdk') and import give the same ${exports.stdout.trim()} exports`);
  // The MCP server is ESM only: Node.js 20.19+ require()s it all the same.
  await sh('require of the MCP server', process.execPath, ['--input-type=commonjs', '-e', "if (typeof require('@calendar-access/mcp').runStdioServer !== 'function') throw new Error('no runStdioServer')"]);
  ok("require('@calendar-access/mcp') loads the ES module (require(esm))");

  // 5. The installed service: its dist/, without the TypeScript runners a checkout falls back to.
  for (const dev of ['tsx', 'esbuild']) rmSync(path.join(app, 'node_modules', dev), { recursive: true, force: true });
  const bin = path.join(app, 'node_modules/.bin/calendar-access');
  for (const args of [['--help'], ['mcp', '--help'], ['listen', '--help']]) {
    const { stdout } = await sh(`calendar-access ${args.join(' ')}`, bin, args);
    check(stdout.startsWith(`Usage: calendar-access ${args.length > 1 ? `${args[0]} ` : ''}`), `calendar-access ${args.join(' ')} printed:\n${stdout}`);
  }
  ok('calendar-access --help, mcp --help and listen --help run from the installed package (no tsx, no esbuild)');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  serve = spawn(bin, ['serve'], { cwd: app, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let served = '';
  serve.stdout.on('data', (d) => (served += d));
  serve.stderr.on('data', (d) => (served += d));
  const exited = new Promise((resolve) => serve.once('exit', resolve));
  await until(async () => (await fetch(`${base}/healthz`)).ok, () => served, exited);
  ok(`calendar-access serve answers ${base}/healthz`);

  const demo = await sh('calendar-access demo', bin, ['demo', '--json'], { env: { ...process.env, PORT: String(port) } });
  const { token } = JSON.parse(demo.stdout);
  const env = { ...process.env, SVC_TOKEN: token, SVC_API: `${base}/api/v1` };
  for (const program of ['out/integrator.mjs', 'out/integrator.cjs']) {
    const { stdout } = await sh(`node ${program}`, process.execPath, [program], { env });
    ok(`${program} against serve: ${stdout.trim().split('\n').at(-1)}`);
  }

  // 6. The MCP server, driven by the official MCP client: over stdio with the demo's token, and as a
  // remote connector over Streamable HTTP, the client authorising itself with the service's OAuth
  // from the 401's protected-resource metadata (RFC 9728), the owner signing in and consenting.
  writeFileSync(path.join(app, 'assistant-client.mjs'), assistantClientProgram());
  const stdio = await sh('the MCP client over stdio', process.execPath, ['assistant-client.mjs', 'stdio'], { env: { ...process.env, CALENDAR_ACCESS_TOKEN: token, SVC_BASE: base, CALENDAR_ACCESS_BIN: bin } });
  ok(`calendar-access mcp answers the official MCP client over stdio: ${stdio.stdout.trim()}`);

  const password = 'a connector check password';
  writeFileSync(path.join(app, 'password.txt'), `${password}\n`);
  await sh('calendar-access owner create', bin, ['owner', 'create', '--username', 'maker', '--name', 'Mia Maker', '--timezone', 'Europe/Madrid', '--password-file', 'password.txt'], { env: { ...process.env, PORT: String(port) } });
  const callback = 'http://127.0.0.1:8976/callback';
  const made = await sh('calendar-access app create', bin, ['app', 'create', '--owner', 'maker', '--name', 'Outside connector', '--type', 'public', '--redirect-uri', callback, '--scopes', 'profile:read,events:read', '--json'], { env: { ...process.env, PORT: String(port) } });
  const clientId = JSON.parse(made.stdout).id;
  connector = spawn(bin, ['mcp', '--http', '--port', '0'], { cwd: app, env: { ...process.env, CALENDAR_ACCESS_API: base }, stdio: ['ignore', 'pipe', 'pipe'] });
  let connectorSaid = '';
  connector.stdout.on('data', (d) => (connectorSaid += d));
  connector.stderr.on('data', (d) => (connectorSaid += d));
  const connectorExited = new Promise((resolve) => connector.once('exit', resolve));
  await until(async () => /Streamable HTTP at \S+,/.test(connectorSaid), () => connectorSaid, connectorExited, 'calendar-access mcp --http');
  const mcpUrl = /Streamable HTTP at (\S+?),/.exec(connectorSaid)[1];
  const http = await sh('the MCP client over Streamable HTTP', process.execPath, ['assistant-client.mjs', 'http'], {
    env: { ...process.env, MCP_URL: mcpUrl, SVC_BASE: base, CLIENT_ID: clientId, CALLBACK: callback, OWNER: 'maker', OWNER_PASSWORD: password },
  });
  ok(`calendar-access mcp --http answers the official MCP client with an OAuth token: ${http.stdout.trim()}`);
  connector.kill('SIGTERM');
  await connectorExited;
  connector = null;

  serve.kill('SIGTERM');
  const code = await exited;
  serve = null;
  check(code === 0, `calendar-access serve ended with ${code} after SIGTERM:\n${served}`);
  ok(`serve stopped on SIGTERM; all checked in ${Math.round((Date.now() - started) / 1000)} s on Node.js ${process.version}`);
} catch (e) {
  console.error(`[packages] FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  serve?.kill('SIGKILL');
  connector?.kill('SIGKILL');
  if (process.argv.includes('--keep')) console.log(`[packages] the folder is kept: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Polls `ready` every 100 ms until it holds; fails when the process ends first or after COMMAND_MS. */
async function until(ready, said, exited, what = 'calendar-access serve') {
  const deadline = Date.now() + COMMAND_MS;
  let ended = null;
  void exited.then((code) => (ended = code));
  for (;;) {
    if (ended !== null) throw new Error(`${what} ended (${ended}) before answering:\n${said()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer in ${COMMAND_MS / 1000} s:\n${said()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// What an integrator writes against the packed SDK, compiled by the check and run against `serve`.
function integratorProgram() {
  return `import { createHmac, randomUUID } from 'node:crypto';
import { CalendarAccess, CalendarAccessError, isCalendarAccessError, SignatureError, verifyWebhook, type Event } from '@calendar-access/sdk';

const client = new CalendarAccess({ token: process.env.SVC_TOKEN ?? '', baseUrl: process.env.SVC_API ?? 'http://localhost:3000/api/v1' });
const day = (n: number): string => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

// Paging: two weeks of events, three a page, page by page and item by item.
const events: Event[] = [];
let pages = 0;
for await (const page of client.events.list({ from: \`\${day(0)}T00:00:00Z\`, to: \`\${day(14)}T00:00:00Z\`, limit: 3 }).pages()) {
  pages += 1;
  events.push(...page.data);
}
let items = 0;
for await (const event of client.events.list({ from: \`\${day(0)}T00:00:00Z\`, to: \`\${day(14)}T00:00:00Z\`, limit: 3 })) if (event.id) items += 1;
if (items !== events.length || pages < 2) throw new Error(\`paging: \${items} items, \${events.length} in \${pages} pages\`);

// An idempotent create: the same key twice is one request.
const [type] = await client.appointmentTypes.list();
if (!type) throw new Error('no appointment type');
const { slots } = await client.availability.get({ appointmentTypeId: type.id, from: day(1), to: day(14), tz: 'UTC' });
const slot = slots[0];
if (!slot) throw new Error('no free slot');
const body = { appointmentTypeId: type.id, slot, requester: { name: 'Ana', email: 'ana@example.com' }, requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' };
const idempotencyKey = randomUUID();
const first = await client.requests.createAppointment(body, { idempotencyKey });
const again = await client.requests.createAppointment(body, { idempotencyKey });
if (again.request.id !== first.request.id) throw new Error('one Idempotency-Key created two requests');

// Typed errors: the code narrows; another body under the same key is refused.
try {
  await client.requests.createAppointment({ ...body, requester: { name: 'Bea', email: 'bea@example.com' } }, { idempotencyKey });
  throw new Error('a second body under one key was accepted');
} catch (e) {
  if (!isCalendarAccessError(e, 'idempotency_mismatch')) throw e;
  const code: 'idempotency_mismatch' = e.code;
  void code;
}
try {
  await client.events.get('evt_none');
  throw new Error('an unknown event was found');
} catch (e) {
  if (!(e instanceof CalendarAccessError) || e.code !== 'not_found' || e.status !== 404) throw e;
}

// Webhook verification of a delivery signed as the service signs it.
const secret = \`svc_whsec_\${randomUUID().replaceAll('-', '')}\`;
const raw = JSON.stringify({ id: 'evt_check', type: 'request.created', createdAt: new Date().toISOString(), data: first.request });
const t = Math.floor(Date.now() / 1000);
const header = \`t=\${t},v1=\${createHmac('sha256', secret).update(\`\${t}.\${raw}\`).digest('hex')}\`;
const event = await verifyWebhook(raw, header, secret);
if (event.type !== 'request.created' || event.data.id !== first.request.id) throw new Error('the verified event is not the one signed');
try {
  await verifyWebhook(\`\${raw} \`, header, secret);
  throw new Error('a changed body verified');
} catch (e) {
  if (!(e instanceof SignatureError) || e.reason !== 'mismatch') throw e;
}
// @ts-expect-error the types are the SDK's, not any: a number is not a token
void new CalendarAccess({ token: 42, baseUrl: '' });
console.log(\`\${events.length} events in \${pages} pages, request \${first.request.id} created once, errors typed, webhook verified\`);
`;
}

// The same client from CommonJS: the require condition's types and dist/cjs/.
function integratorCommonJs() {
  return `import { CalendarAccess, isCalendarAccessError } from '@calendar-access/sdk';
const client = new CalendarAccess({ token: process.env.SVC_TOKEN ?? '', baseUrl: process.env.SVC_API ?? 'http://localhost:3000/api/v1' });
async function main(): Promise<void> {
  const me = await client.me.get();
  try {
    await client.tasks.get('tsk_none');
  } catch (e) {
    if (!isCalendarAccessError(e, 'not_found')) throw e;
    console.log(\`from CommonJS: account \${me.accountId} read, \${e.code} typed\`);
    return;
  }
  throw new Error('an unknown task was found');
}
main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
`;
}

// A program that starts the MCP server the CLI runs.
function assistantProgram() {
  return `import { runStdioServer, type StdioOptions } from '@calendar-access/mcp';
const options: StdioOptions = { token: process.env.CALENDAR_ACCESS_TOKEN ?? '', baseUrl: 'http://localhost:3000/api/v1', warn: (line: string) => console.error(line) };
export const serve = (): Promise<void> => runStdioServer(options);
// @ts-expect-error the types are the package's, not any: the options are required
void runStdioServer();
`;
}

// An assistant's side, with the official MCP client (@modelcontextprotocol/sdk) as installed beside
// the packages: `stdio` starts `calendar-access mcp` itself; `http` connects to `mcp --http`, is
// refused 401, and authorises with the client's own OAuth flow (discovery from the 401, PKCE,
// a public client registered with `app create`), the owner's part done as a browser would:
// signing in on the service's page and approving the consent page.
function assistantClientProgram() {
  return `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';

const env = process.env;
const fail = (message) => { throw new Error(message); };

/** What the session shows: its tools, the account read through get_account, a day of events. */
async function use(client) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  for (const name of ['get_current_time', 'get_account', 'list_events']) if (!names.includes(name)) fail(\`no \${name} among \${names.join(', ')}\`);
  const account = await client.callTool({ name: 'get_account', arguments: {} });
  if (account.isError || !account.structuredContent) fail(\`get_account: \${JSON.stringify(account)}\`);
  const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const events = await client.callTool({ name: 'list_events', arguments: { from: day(0), to: day(7) } });
  if (events.isError) fail(\`list_events: \${JSON.stringify(events.content)}\`);
  const { accountId, owner } = account.structuredContent;
  return \`\${names.length} tools, account \${accountId} (\${owner?.timezone ?? 'no profile:read'}), \${events.structuredContent?.events?.length ?? 0} events this week\`;
}

/** The owner's part of the front channel, as a browser does it: sign in, then approve the consent page. */
async function ownerApproves(authorizationUrl) {
  const origin = new URL(env.SVC_BASE).origin;
  const next = authorizationUrl.pathname + authorizationUrl.search;
  const signedIn = await fetch(\`\${origin}/signin?next=\${encodeURIComponent(next)}\`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ username: env.OWNER, password: env.OWNER_PASSWORD }),
  });
  if (signedIn.status !== 303) fail(\`sign-in answered \${signedIn.status}: \${await signedIn.text()}\`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const page = await fetch(new URL(signedIn.headers.get('location'), origin), { headers: { cookie }, redirect: 'manual' });
  const form = await page.text();
  if (page.status !== 200) fail(\`the consent page answered \${page.status} \${page.headers.get('location') ?? ''}: \${form}\`);
  const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], unescape(m[2])]);
  for (const m of form.matchAll(/<input type="checkbox" name="grant" value="([^"]+)" checked>/g)) fields.push(['grant', m[1]]);
  fields.push(['decision', 'approve']);
  const approved = await fetch(\`\${origin}/oauth/authorize\`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
    body: new URLSearchParams(fields),
  });
  const back = new URL(approved.headers.get('location') ?? fail(\`the consent answered \${approved.status}: \${await approved.text()}\`));
  if (back.origin + back.pathname !== env.CALLBACK) fail(\`redirected to \${back}\`);
  return back.searchParams.get('code') ?? fail(\`no code in \${back}\`);
}

async function overHttp() {
  let tokens;
  let verifier = '';
  let code = null;
  const authProvider = {
    get redirectUrl() { return env.CALLBACK; },
    get clientMetadata() { return { client_name: 'Outside connector', redirect_uris: [env.CALLBACK], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }; },
    clientInformation: () => ({ client_id: env.CLIENT_ID }),
    tokens: () => tokens,
    saveTokens: (t) => { tokens = t; },
    saveCodeVerifier: (v) => { verifier = v; },
    codeVerifier: () => verifier,
    redirectToAuthorization: async (url) => { code = await ownerApproves(url); },
  };
  const url = new URL(env.MCP_URL);
  const first = new StreamableHTTPClientTransport(url, { authProvider });
  try {
    await new Client({ name: 'outside-connector', version: '1.0.0' }).connect(first);
    fail('the connector took a client without a token');
  } catch (e) {
    if (!(e instanceof UnauthorizedError) || code === null) throw e;
  }
  await first.finishAuth(code);
  if (!tokens?.access_token?.startsWith('svc_at_')) fail(\`no access token: \${JSON.stringify(tokens)}\`);
  const client = new Client({ name: 'outside-connector', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider }));
  const shown = await use(client);
  await client.close();
  return \`authorised by OAuth (\${tokens.scope ?? 'scopes granted'}), \${shown}\`;
}

async function overStdio() {
  const transport = new StdioClientTransport({ command: env.CALENDAR_ACCESS_BIN, args: ['mcp', '--api', env.SVC_BASE], env: { ...env }, stderr: 'inherit' });
  const client = new Client({ name: 'outside-assistant', version: '1.0.0' });
  await client.connect(transport);
  const shown = await use(client);
  await client.close();
  return shown;
}

console.log(process.argv[2] === 'http' ? await overHttp() : await overStdio());
`;
}
