import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpOptions } from './server.js';

export { createMcpServer, type McpOptions } from './server.js';
export { TOOLS, toolsFor, type ToolDef } from './tools.js';

/** Serves MCP over this process's standard input and output until the client closes it. */
export async function runStdioServer(o: McpOptions): Promise<void> {
  const server = await createMcpServer(o);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
}
