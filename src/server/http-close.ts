import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful close of an HTTP server that cannot be held open by a client. Node's `close()` ends idle
 * keep-alive connections, but a connection that has not sent a request yet (browsers open spare ones
 * ahead of need) is not idle to Node, and would keep `close()` waiting as long as the client keeps it.
 * This watches for such connections from the start, ends those that have sent nothing when closing
 * begins, and ends whatever is still open when the grace time runs out.
 */
export function closableServer(server: Server): { close(done: Promise<void>, graceMs: number): Promise<void> } {
  const unused = new Set<Socket>();
  server.on('connection', (socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (req) => unused.delete(req.socket));
  return {
    async close(done, graceMs) {
      for (const socket of unused) if (socket.bytesRead === 0) socket.destroy();
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      deadline.unref();
      try {
        await done;
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}
