import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { seedEvent } from '../helpers/seed-events.js';
import { setBookingSettings } from '../../src/services/booking.js';

/** find_free_time as an assistant meets it, through `calendar-access mcp` and the MCP SDK's own client. */
// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th).
const T0 = '2026-03-30T06:00:00Z';

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: any;
}

const textOf = (answer: ToolAnswer): string => answer.content.map((c) => c.text).join('\n');

for (const engine of ENGINES) {
  describe(`the find_free_time tool on ${engine}`, () => {
    const api = useApi(engine, T0);
    let base = '';
    const clients: Client[] = [];

    async function connect(token: string): Promise<Client> {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['bin/calendar-access.js', 'mcp', '--api', base],
        env: { ...getDefaultEnvironment(), CALENDAR_ACCESS_TOKEN: token },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      // The client checks each structuredContent against the tool's outputSchema once it has listed them.
      await client.listTools();
      return client;
    }

    async function call(client: Client, args: Record<string, unknown>): Promise<any> {
      const answer = (await client.callTool({ name: 'find_free_time', arguments: args })) as ToolAnswer;
      assert.ok(!answer.isError, textOf(answer));
      assert.deepEqual(JSON.parse(textOf(answer)), answer.structuredContent, 'the text is the structured answer');
      assert.doesNotMatch(textOf(answer), /null|false/, 'no null or false fields');
      return answer.structuredContent;
    }

    async function refusal(client: Client, args: Record<string, unknown>): Promise<string> {
      const answer = (await client.callTool({ name: 'find_free_time', arguments: args })) as ToolAnswer;
      assert.equal(answer.isError, true, textOf(answer));
      assert.doesNotMatch(textOf(answer), /\/api\/v1|\/free-time/, 'names tools, not REST routes');
      return textOf(answer);
    }

    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
    });
    after(async () => {
      for (const c of clients) await c.close();
    });

    it("shows free time in the owner's zone with its minutes, names the dates with none, and takes workingHours and minMinutes", async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', ['profile:read', 'availability:read']);
      const db = api.rt.store.db;
      // 11:00-15:40 in Berlin on Monday, and all of Tuesday's hours.
      await seedEvent(db, owner.id, { title: 'Workshop', start: '2026-03-30T09:00:00Z', end: '2026-03-30T13:40:00Z' });
      await seedEvent(db, owner.id, { title: 'Offsite', start: '2026-03-31T06:00:00Z', end: '2026-03-31T16:00:00Z' });
      const mcp = await connect(token);
      const { tools } = await mcp.listTools();
      const tool = tools.find((t) => t.name === 'find_free_time')!;
      assert.equal(tool.annotations?.readOnlyHint, true);
      assert.match(tool.description!, /never why a time is busy/);

      const week = await call(mcp, { from: '2026-03-30', to: '2026-04-01' });
      assert.deepEqual(week, {
        timezone: 'Europe/Berlin',
        workingHoursOnly: true,
        free: [
          { start: '2026-03-30T09:00:00+02:00', end: '2026-03-30T11:00:00+02:00', minutes: 120 },
          { start: '2026-03-30T15:40:00+02:00', end: '2026-03-30T17:00:00+02:00', minutes: 80 },
          { start: '2026-04-01T09:00:00+02:00', end: '2026-04-01T17:00:00+02:00', minutes: 480 },
        ],
        datesWithoutFreeTime: ['2026-03-31'],
      });
      assert.doesNotMatch(JSON.stringify(week), /Workshop|Offsite/);
      const long = await call(mcp, { from: '2026-03-30', to: '2026-03-30', minMinutes: 100, tz: 'America/New_York' });
      assert.deepEqual(long, { timezone: 'America/New_York', workingHoursOnly: true, free: [{ start: '2026-03-30T03:00:00-04:00', end: '2026-03-30T05:00:00-04:00', minutes: 120 }] });
      const anyHour = await call(mcp, { from: '2026-03-30', to: '2026-03-30', workingHours: false });
      assert.deepEqual(anyHour.free, [
        { start: '2026-03-30T08:00:00+02:00', end: '2026-03-30T11:00:00+02:00', minutes: 180 },
        { start: '2026-03-30T15:40:00+02:00', end: '2026-03-31T00:00:00+02:00', minutes: 500 },
      ]);
      assert.equal('workingHoursOnly' in anyHour, false);
    });

    it('needs a zone without profile:read, and refuses in the tool\'s words: a range too long, booking off', async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', ['availability:read']);
      const mcp = await connect(token);
      assert.match(await refusal(mcp, { from: '2026-03-30', to: '2026-03-30' }), /^find_free_time: tz: needed: this token cannot read the owner's time zone/);
      assert.match(await refusal(mcp, { from: '2026-03-30', to: '2026-06-30', tz: 'Europe/Berlin' }), /^find_free_time: to: "from" to "to" covers 93 days; at most 62/);
      assert.match(await refusal(mcp, { from: 'next week', to: '2026-04-05', tz: 'Europe/Berlin' }), /^find_free_time: from: "next week" is not a real date/);
      await setBookingSettings(api.rt.store.db, api.clock, owner.id, { enabled: false, appointmentTypes: [] });
      assert.match(await refusal(mcp, { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' }), /^find_free_time: the owner's booking is off: free time is not shared until the owner turns it on \[request req_/);
    });
  });
}
