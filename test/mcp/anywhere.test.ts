import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';

/**
 * docs/mcp.md's assistant configuration, started as an assistant starts it: the command and its
 * arguments from the documented block (the clone's path filled in), its environment (the service's
 * address and the token), from an empty folder outside the repository.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The first JSON block of docs/mcp.md's "Adding it to an assistant" section: the calendar server's entry. */
function documentedConfig(): ServerConfig {
  const doc = readFileSync(path.join(ROOT, 'docs/mcp.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Adding it to an assistant'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section);
  assert.ok(block, 'a JSON configuration in docs/mcp.md');
  return (JSON.parse(block[1]!) as { mcpServers: { calendar: ServerConfig } }).mcpServers.calendar;
}

for (const engine of ENGINES) {
  describe(`docs/mcp.md's configuration, from any folder, on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');
    let base = '';
    let folder = '';
    let client: Client | undefined;
    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
      folder = mkdtempSync(path.join(os.tmpdir(), 'ca-mcp-elsewhere-'));
    });
    after(async () => {
      await client?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('starts the documented command from an empty folder and reaches the service it names', async () => {
      const config = documentedConfig();
      assert.equal(config.command, 'node');
      assert.ok(config.args[0]!.startsWith('/path/to/calendar-access/'), 'an absolute path, to fill in');
      assert.deepEqual(Object.keys(config.env).sort(), ['CALENDAR_ACCESS_API', 'CALENDAR_ACCESS_TOKEN']);
      const owner = await api.owner('America/Sao_Paulo');
      const token = await api.token(owner, ['profile:read', 'events:read']);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: config.args.map((a) => a.replace('/path/to/calendar-access', ROOT)),
        env: { ...getDefaultEnvironment(), CALENDAR_ACCESS_API: base, CALENDAR_ACCESS_TOKEN: token },
        cwd: folder,
        stderr: 'pipe',
      });
      client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(transport);
      const account = (await client.callTool({ name: 'get_account', arguments: {} })) as unknown as { isError?: boolean; structuredContent: { accountId: string } };
      assert.ok(!account.isError);
      assert.equal(account.structuredContent.accountId, owner.account_id);
      const now = (await client.callTool({ name: 'get_current_time', arguments: {} })) as unknown as { structuredContent: { timezone: string } };
      assert.equal(now.structuredContent.timezone, 'America/Sao_Paulo', "the owner's zone, read from the service");
    });
  });
}
