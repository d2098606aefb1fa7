import { InvalidArgumentError } from 'commander';

// Option parsers: a bad value is a usage error (exit status 2), reported by commander.

export function parsePort(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) throw new InvalidArgumentError('a port number, 0 to 65535 (0: any free port).');
  return n;
}

export function parsePositiveInteger(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n <= 0 || !Number.isSafeInteger(n)) throw new InvalidArgumentError('a positive whole number.');
  return n;
}

export function parseList(text: string): string[] {
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new InvalidArgumentError('a comma-separated list, e.g. events:read,tasks:read.');
  return items;
}
