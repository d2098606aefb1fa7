import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { until } from '../cli/cli-harness.js';

/**
 * `calendar-access mcp` driven by the MCP SDK's own client over stdio, as an assistant runs it: the
 * tools are the token's, they call the running API, and a tool the scopes do not allow is not there.
 */
// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th).
const T0 = '2026-03-30T06:00:00Z';

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
}

const textOf = (answer: unknown): string => (answer as ToolAnswer).content.map((c) => c.text).join('\n');

for (const engine of ENGINES) {
  describe(`calendar-access mcp on ${engine}`, () => {
    const api = useApi(engine, T0);
    let base = '';
    const clients: Client[] = [];
    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
    });
    after(async () => {
      for (const c of clients) await c.close();
    });

    /** An assistant's session: the CLI started as its configuration says, over stdio. */
    async function connect(token: string): Promise<Client> {
      // As docs/mcp.md configures it: the token in the environment, where `ps` does not show it.
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['bin/calendar-access.js', 'mcp', '--api', base],
        env: { ...getDefaultEnvironment(), CALENDAR_ACCESS_TOKEN: token },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      return client;
    }

    it('offers the tools of the token’s scopes, finds free slots, asks for one, and is refused a tool its scopes lack', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const token = await api.token(owner, ['availability:read', 'requests:create']);
      const mcp = await connect(token);
      const { tools } = await mcp.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['find_free_slots', 'find_free_time', 'get_account', 'get_current_time', 'list_appointment_types', 'request_appointment', 'request_todo', 'withdraw_request']);
      assert.equal(tools.find((t) => t.name === 'request_appointment')!.annotations?.readOnlyHint, false);

      const free = await mcp.callTool({ name: 'find_free_slots', arguments: { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' } });
      assert.ok(!(free as ToolAnswer).isError, textOf(free));
      const slot = (JSON.parse(textOf(free)) as { slots: { start: string; end: string }[] }).slots[0]!;
      assert.equal(slot.start, '2026-03-30T09:00:00+02:00', 'the first free slot: 09:00 in Berlin, an hour after now, shown in the zone asked for');

      const asked = await mcp.callTool({
        name: 'request_appointment',
        arguments: { appointmentTypeId: typeId, start: slot.start, end: slot.end, requesterName: 'Ana', requesterEmail: 'ana@example.com', requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' },
      });
      assert.ok(!(asked as ToolAnswer).isError, textOf(asked));
      const made = JSON.parse(textOf(asked)) as { request: { id: string; kind: string; status: string } };
      assert.equal(made.request.kind, 'appointment');
      assert.equal(made.request.status, 'pending');
      const listed = await api.get('/api/v1/requests', await api.token(owner, ['requests:read']));
      assert.deepEqual(listed.json().data.map((r: { id: string }) => r.id), [made.request.id], 'one request, through the API');
      assert.deepEqual(listed.json().data[0].slot, { start: '2026-03-30T07:00:00Z', end: '2026-03-30T07:30:00Z' }, 'the slot as shown, read back in UTC');

      // The same slot again: the API's own refusal, with its code.
      const again = await mcp.callTool({
        name: 'request_appointment',
        arguments: { appointmentTypeId: typeId, start: '2026-03-30T02:00:00Z', end: '2026-03-30T02:30:00Z', requesterName: 'Ana', requesterEmail: 'ana@example.com', requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' },
      });
      assert.equal((again as ToolAnswer).isError, true);
      assert.match(textOf(again), /^request_appointment: that time is not free \(any more\); find_free_slots offers the free ones/);

      const refused = await mcp.callTool({ name: 'list_events', arguments: { from: T0, to: '2026-03-31T00:00:00Z' } });
      assert.equal((refused as ToolAnswer).isError, true);
      assert.match(textOf(refused), /list_events not found/);
    });

    it('gives a read-only token read tools only', async () => {
      const owner = await api.owner();
      const mcp = await connect(await api.token(owner, ['events:read', 'tasks:read']));
      const { tools } = await mcp.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['get_account', 'get_current_time', 'list_events', 'get_event', 'get_series', 'list_calendar_changes', 'list_series_occurrences', 'list_todos'].sort());
      const events = await mcp.callTool({ name: 'list_events', arguments: { from: T0, to: '2026-03-31T00:00:00Z' } });
      assert.deepEqual(JSON.parse(textOf(events)), { timezone: 'UTC', events: [] }, 'no profile:read: the owner\'s zone is unknown, times are shown in UTC');
    });
    it('takes its token from a file, keeps it off its command line, and warns when it is given there', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['events:read']);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-mcp-'));
      try {
        const file = path.join(dir, 'token');
        writeFileSync(file, `${token}\n`, { mode: 0o600 });
        const transport = new StdioClientTransport({ command: process.execPath, args: ['bin/calendar-access.js', 'mcp', '--token-file', file, '--api', base], env: getDefaultEnvironment(), stderr: 'pipe' });
        const client = new Client({ name: 'test-assistant', version: '1.0.0' });
        await client.connect(transport);
        clients.push(client);
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), ['get_account', 'get_current_time', 'get_event', 'get_series', 'list_calendar_changes', 'list_events', 'list_series_occurrences']);
        // What every local user's `ps` reads: the process's command line.
        const argv = readFileSync(`/proc/${transport.pid}/cmdline`, 'utf8');
        assert.ok(argv.includes('--token-file') && !argv.includes(token), argv);

        const visible = new StdioClientTransport({ command: process.execPath, args: ['bin/calendar-access.js', 'mcp', '--token', token, '--api', base], env: getDefaultEnvironment(), stderr: 'pipe' });
        let said = '';
        visible.stderr!.on('data', (d: Buffer) => (said += d.toString()));
        const second = new Client({ name: 'test-assistant', version: '1.0.0' });
        await second.connect(visible);
        clients.push(second);
        assert.equal((await second.listTools()).tools.length, 7, 'a token on the command line still works');
        await until(() => said.includes('CALENDAR_ACCESS_TOKEN'), () => `a warning on stderr, got: ${said}`);
        assert.match(said, /--token shows the token to every local user \(ps\)/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('answers a message over 10 MiB with a JSON-RPC error, says so on stderr, and reads the next message', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['events:read']);
      const child = spawn(process.execPath, ['bin/calendar-access.js', 'mcp', '--api', base], { env: { ...process.env, CALENDAR_ACCESS_TOKEN: token }, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const answers = () => out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { id?: unknown; result?: any; error?: { code: number; message: string } });
      const answerTo = async (id: number) => {
        await until(() => answers().some((a) => a.id === id) || child.exitCode !== null, () => `an answer to ${id}; stdout: ${out.slice(0, 500)}; stderr: ${err}`);
        const answer = answers().find((a) => a.id === id);
        assert.ok(answer, `no answer to ${id}: the server ended with status ${child.exitCode}; stderr: ${err}`);
        return answer;
      };
      const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
      try {
        send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
        assert.ok((await answerTo(1)).result);
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        // 11 MiB in one message, written in pieces as a pipe carries it.
        const big = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_events', arguments: { pad: 'x'.repeat(11 * 1024 * 1024) } } });
        for (let i = 0; i < big.length; i += 1 << 20) child.stdin.write(big.slice(i, i + (1 << 20)));
        child.stdin.write('\n');
        const refused = await answerTo(2);
        assert.equal(refused.error?.code, -32600);
        assert.match(refused.error!.message, /over 10 MiB/);
        send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
        const listed = await answerTo(3);
        assert.deepEqual(listed.result.tools.map((t: { name: string }) => t.name).sort(), ['get_account', 'get_current_time', 'get_event', 'get_series', 'list_calendar_changes', 'list_events', 'list_series_occurrences']);
        assert.match(err, /calendar-access mcp: message over 10 MiB: not read \(JSON-RPC id 2\)/);
        assert.equal(child.exitCode, null, 'still running');
      } finally {
        child.kill();
      }
    });
  });
}
