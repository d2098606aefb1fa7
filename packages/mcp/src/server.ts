import { randomBytes } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CalendarAccess, type Account, type ClientOptions, type TokenSource } from '@calendar-access/sdk';
import { refusedToken, toolMessage } from './errors.js';
import { toolsFor, type ToolContext } from './tools.js';

export interface McpOptions {
  /** The token the assistant acts with (or a function giving the session's latest); its scopes decide the tools. */
  token: TokenSource;
  /** The API's base, up to /api/v1. */
  baseUrl: string;
  fetch?: ClientOptions['fetch'];
  /** GET /me, when the caller has read it already (a remote session checks the token with it). */
  account?: Account;
  /** Called when the API refuses the token during a tool call (expired, revoked). */
  onTokenRefused?: () => void;
  /** The clock of get_current_time (epoch ms); default Date.now. */
  now?: () => number;
}

export const VERSION = '0.1.0';

/**
 * A 429 is waited out only this long inside a tool call: past it, the assistant is told how long to
 * wait (a call hanging for the SDK's default minute looks like a dead server).
 */
const MAX_RETRY_DELAY_MS = 5_000;

const INSTRUCTIONS =
  "Reads one person's (the owner's) calendar, to-dos and requests, and asks them for appointments and to-dos, within what the token allows. " +
  'The assistant asks and the owner decides: nothing is written to the calendar; request_appointment and request_todo put a request in the ' +
  "owner's inbox, which the owner accepts or declines later (list_requests shows it). Times are shown in the owner's time zone with their offset; " +
  'call get_current_time to know today. Only free time is ever shown, never why a time is busy.';

/**
 * An MCP server whose tools are the token's: the account is read once from GET /me (its scopes
 * choose the tools, its zone is the default `tz`), and a tool the scopes do not allow is not
 * offered (a call of it answers "not found", as for any unknown tool). Each tool answers
 * `structuredContent` under its `outputSchema`, and the same JSON, compact, as text.
 */
export async function createMcpServer(o: McpOptions): Promise<McpServer> {
  const options = { baseUrl: o.baseUrl, maxRetryDelayMs: MAX_RETRY_DELAY_MS, ...(o.fetch ? { fetch: o.fetch } : {}) };
  const client = new CalendarAccess({ token: o.token, ...options });
  const account = o.account ?? (await client.me.get());
  const server = new McpServer({ name: 'calendar-access', version: VERSION }, { instructions: INSTRUCTIONS });
  // One Idempotency-Key per tool call: the session's prefix and the JSON-RPC id, so a client that sends
  // the same call again gets the first outcome, and the SDK's retries reuse it.
  const session = randomBytes(8).toString('hex');
  const now = o.now ?? Date.now;
  for (const tool of toolsFor(account.scopes)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: !tool.writes, destructiveHint: false, idempotentHint: !tool.writes, openWorldHint: false },
      },
      async (args: Record<string, unknown>, extra: { requestId: string | number }) => {
        const idempotencyKey = `mcp_${session}_${String(extra.requestId).replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
        const ctx: ToolContext = { client, account, idempotencyKey, now };
        try {
          const result = compact(await tool.run(ctx, args));
          return { structuredContent: result, content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
        } catch (e) {
          if (refusedToken(e)) o.onTokenRefused?.();
          return { isError: true, content: [{ type: 'text' as const, text: toolMessage(tool.name, e, tool.notFound?.(args)) }] };
        }
      },
    );
  }
  return server;
}

/** The object without its undefined fields (at the top: the records drop theirs). */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}
