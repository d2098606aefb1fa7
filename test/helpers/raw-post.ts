import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * A post sent over a socket of its own, as a client uploading a large body does: the headers, then
 * the body in 64 KiB writes as fast as the server takes them, stopping once an answer arrives. Says
 * what the client saw and how many bytes the server read from that connection in all (counted on
 * the server's socket when it closed): what a test of "refused before the body was read" asserts.
 */
export interface RawPost {
  path: string;
  headers: Record<string, string>;
  /** The body's first bytes (a multipart preamble), then `fill` bytes of 'a', then `end`. */
  start?: string;
  fill: number;
  end?: string;
  /** Sent with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  /**
   * Bytes of `fill` written at most; then the client waits for the answer, its body unfinished. A
   * server that closes while bytes it never read wait in its socket resets the connection, and
   * the reset can take its answer away before the client reads it: a client that stops where the
   * server stops reading sees the answer every time.
   */
  sendAtMost?: number;
}

export interface RawAnswer {
  status: number;
  /** The whole answer as text (status line, headers, body). */
  text: string;
  /** Bytes the server read from the connection, headers included. */
  serverRead: number;
  /** Bytes of the body the client had written when it saw the answer (or the connection ended). */
  clientWrote: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

export async function rawPost(server: Server, post: RawPost): Promise<RawAnswer> {
  const { port } = server.address() as { port: number };
  const start = Buffer.from(post.start ?? '');
  const end = Buffer.from(post.end ?? '');
  const length = start.length + post.fill + end.length;
  const head = [`POST ${post.path} HTTP/1.1`, ...Object.entries(post.headers).map(([k, v]) => `${k}: ${v}`), post.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`, '', ''].join('\r\n');

  // The server's side of this connection: the one accepted from the client's port.
  const seen: Socket[] = [];
  let waiting: { port: number; resolve: (s: Socket) => void } | null = null;
  const onConnection = (s: Socket) => {
    if (waiting && s.remotePort === waiting.port) waiting.resolve(s);
    else seen.push(s);
  };
  server.on('connection', onConnection);
  const client = await new Promise<Socket>((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const accepted = await new Promise<Socket>((resolve) => {
    const found = seen.find((s) => s.remotePort === client.localPort);
    if (found) resolve(found);
    else waiting = { port: client.localPort!, resolve };
  });
  server.off('connection', onConnection);
  const serverClosed = new Promise<number>((resolve) => (accepted.destroyed ? resolve(accepted.bytesRead) : accepted.once('close', () => resolve(accepted.bytesRead))));

  const socket = client;
  let text = '';
  let answered = false;
  let gone = false;
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
    answered = true;
  });
  // Writing into a connection the server closed: expected once it refused the body.
  socket.on('error', () => (gone = true));
  const clientClosed = new Promise<void>((resolve) => socket.once('close', () => {
    gone = true;
    resolve();
  }));
  const send = (bytes: Buffer) => new Promise<void>((resolve) => {
    if (gone || answered) return resolve();
    const framed = post.chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
    if (socket.write(framed)) return resolve();
    const go = () => {
      socket.off('drain', go);
      socket.off('close', go);
      socket.off('data', go);
      resolve();
    };
    socket.on('drain', go);
    socket.on('close', go);
    socket.on('data', go);
  });

  socket.write(head);
  let wrote = 0;
  const body = async (bytes: Buffer) => {
    if (bytes.length === 0 || gone || answered) return;
    await send(bytes);
    if (!gone) wrote += bytes.length;
  };
  await body(start);
  const fill = Math.min(post.fill, post.sendAtMost ?? post.fill);
  for (let left = fill; left > 0 && !gone && !answered; left -= CHUNK.length) await body(left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left));
  if (fill === post.fill) {
    await body(end);
    if (post.chunked && !gone && !answered) socket.write('0\r\n\r\n');
  }
  const clientWrote = wrote;
  // The whole answer, then our side closed: the server's count is final once its side closes too.
  await new Promise<void>((resolve) => {
    const done = () => {
      const headEnd = text.indexOf('\r\n\r\n');
      const declared = /\r\ncontent-length: (\d+)/i.exec(text);
      if (gone || (headEnd >= 0 && declared && Buffer.byteLength(text.slice(headEnd + 4), 'latin1') >= Number(declared[1]))) {
        socket.off('data', done);
        resolve();
      }
    };
    socket.on('data', done);
    socket.once('close', resolve);
    done();
  });
  socket.end();
  await clientClosed;
  const serverRead = await serverClosed;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, text, serverRead, clientWrote };
}
