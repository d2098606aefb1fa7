import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpOptions } from './server.js';
import { idFromHead, limitLines, MAX_MESSAGE_BYTES } from './stdio-lines.js';

export { createMcpServer, type McpOptions } from './server.js';
export { startHttpServer, MCP_PATH, type HttpOptions, type RunningHttpServer } from './http.js';
export { TOOLS, toolsFor, type ToolDef } from './tools.js';
export { MAX_MESSAGE_BYTES } from './stdio-lines.js';

export interface StdioOptions extends McpOptions {
  /** Where the server says what its client should know but cannot be told (stderr; never stdout, the protocol's). */
  warn?: (line: string) => void;
}

/** JSON-RPC's "Invalid Request": the message is not one the server will read. */
const INVALID_REQUEST = -32600;

/**
 * Serves MCP over this process's standard input and output until the client closes it. A message
 * over MAX_MESSAGE_BYTES is answered with a JSON-RPC error (and a line on stderr) and the next one
 * is read, where the SDK's transport alone would end the server without a word.
 */
export async function runStdioServer(o: StdioOptions): Promise<void> {
  const server = await createMcpServer(o);
  const warn = o.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const input = process.stdin.pipe(
    limitLines(MAX_MESSAGE_BYTES, (head) => {
      const id = idFromHead(head);
      const message = `message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB: not read (JSON-RPC id ${JSON.stringify(id)})`;
      warn(`calendar-access mcp: ${message}`);
      void transport.send({ jsonrpc: '2.0', id: id ?? (null as unknown as string), error: { code: INVALID_REQUEST, message } });
    }),
  );
  // The limit is enforced in front; the transport's own buffer only ever holds one message and a chunk.
  const transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: 2 * MAX_MESSAGE_BYTES + 1024 * 1024 });
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    input.once('end', resolve);
  });
}
