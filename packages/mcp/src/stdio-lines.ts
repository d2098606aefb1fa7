import { Transform, type TransformCallback } from 'node:stream';

/**
 * The longest message the server reads: the MCP SDK's own limit for a stdio buffer. A tool call is a
 * few hundred bytes; nothing this server answers needs more.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How much of an oversize message is kept to find its JSON-RPC id. */
const HEAD_BYTES = 4096;

/**
 * Passes standard input's newline-delimited messages through whole, and drops a message longer than
 * `maxBytes` without holding more than `maxBytes` of it, calling `onOversize` with its first bytes
 * once it is over. The MCP SDK's stdio transport, given such a message, throws, closes the transport
 * and so ends the server with exit status 0 and nothing said; in front of it, the server answers that
 * one message with an error and reads on.
 */
export function limitLines(maxBytes: number, onOversize: (head: Buffer) => void): Transform {
  let line: Buffer[] = [];
  let lineBytes = 0;
  let dropping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let from = 0;
      while (from < chunk.length) {
        const newline = chunk.indexOf(0x0a, from);
        const end = newline === -1 ? chunk.length : newline + 1;
        const piece = chunk.subarray(from, end);
        from = end;
        if (dropping) {
          if (newline !== -1) dropping = false;
          continue;
        }
        lineBytes += piece.length;
        if (lineBytes - (newline === -1 ? 0 : 1) > maxBytes) {
          const head = Buffer.concat([...line, piece]).subarray(0, HEAD_BYTES);
          line = [];
          lineBytes = 0;
          dropping = newline === -1;
          onOversize(head);
          continue;
        }
        line.push(piece);
        if (newline !== -1) {
          this.push(Buffer.concat(line));
          line = [];
          lineBytes = 0;
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      if (line.length > 0) this.push(Buffer.concat(line));
      done();
    },
  });
}

/** The JSON-RPC id of a message from its first bytes, or null (which JSON-RPC answers with) when none shows. */
export function idFromHead(head: Buffer): string | number | null {
  const match = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/.exec(head.toString('utf8'));
  if (!match) return null;
  try {
    return JSON.parse(match[1]!) as string | number;
  } catch {
    return null;
  }
}
