import { randomBytes } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CalendarAccess, CalendarAccessError, type ClientOptions } from '@calendar-access/sdk';
import { toolsFor } from './tools.js';

export interface McpOptions {
  /** The token the assistant acts with; its scopes decide the tools. */
  token: string;
  /** The API's base, up to /api/v1. */
  baseUrl: string;
  fetch?: ClientOptions['fetch'];
}

const VERSION = '0.1.0';

/**
 * An MCP server whose tools are the token's: the scopes are read once from GET /me, and a tool the
 * scopes do not allow is not offered (a call of it answers "not found", as for any unknown tool).
 */
export async function createMcpServer(o: McpOptions): Promise<McpServer> {
  const client = new CalendarAccess({ token: o.token, baseUrl: o.baseUrl, ...(o.fetch ? { fetch: o.fetch } : {}) });
  const account = await client.me.get();
  const server = new McpServer({ name: 'calendar-access', version: VERSION });
  // One Idempotency-Key per tool call: the session's prefix and the JSON-RPC id, so a client that sends
  // the same call again gets the first outcome, and the SDK's retries reuse it.
  const session = randomBytes(8).toString('hex');
  for (const tool of toolsFor(account.scopes)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: !tool.writes, destructiveHint: false, idempotentHint: !tool.writes, openWorldHint: false },
      },
      async (args: Record<string, unknown>, extra: { requestId: string | number }) => {
        const idempotencyKey = `mcp_${session}_${String(extra.requestId).replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
        try {
          const result = await tool.run({ client, idempotencyKey }, args);
          return { content: [{ type: 'text' as const, text: JSON.stringify(result, null, 2) }] };
        } catch (e) {
          if (!(e instanceof CalendarAccessError)) throw e;
          const field = e.field ? ` (field ${e.field})` : '';
          return { isError: true, content: [{ type: 'text' as const, text: `${e.code}${field}: ${e.message} [request ${e.requestId}]` }] };
        }
      },
    );
  }
  return server;
}
