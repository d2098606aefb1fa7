import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** Longest Unix socket path that fits sun_path on every platform we run on (macOS: 104 bytes). */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Where `serve` listens for CLI commands when it holds a PGlite folder: `<dataDir>/admin.sock`. A
 * path too long for a Unix socket moves to the temp folder under a name derived from the data folder,
 * so the server and the CLI still find the same one; Windows uses a named pipe.
 */
export function adminSocketPath(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const tag = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\calendar-access-${tag}`;
  const inFolder = path.join(dir, 'admin.sock');
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH_BYTES) return inFolder;
  return path.join(os.tmpdir(), `calendar-access-${tag}.sock`);
}
