import type { Deps } from '../deps.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * One CLI command's work, run wherever the store is open: in the CLI's own process, or inside a
 * running `serve` through its admin channel. Arguments and result are plain JSON, so both paths
 * hand the command the same values and print the same output.
 */
export type OperationArgs = Record<string, unknown>;
export type Operation<R = unknown> = (rt: Deps, args: OperationArgs) => Promise<R>;

// Readers for arguments that may arrive from the admin socket as any JSON: a wrong type is an
// `invalid` service error naming the argument, never a crash deeper in.

export function stringArg(args: OperationArgs, name: string): string {
  const v = args[name];
  if (typeof v !== 'string') throw new ServiceError('invalid', `${name}: a string is required`);
  return v;
}

export function optionalStringArg(args: OperationArgs, name: string): string | null {
  return args[name] === undefined || args[name] === null ? null : stringArg(args, name);
}

export function booleanArg(args: OperationArgs, name: string): boolean {
  const v = args[name] ?? false;
  if (typeof v !== 'boolean') throw new ServiceError('invalid', `${name}: true or false`);
  return v;
}

export function optionalIntegerArg(args: OperationArgs, name: string): number | null {
  const v = args[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new ServiceError('invalid', `${name}: a whole number`);
  return v;
}

export function stringListArg(args: OperationArgs, name: string): string[] {
  const v = args[name];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) throw new ServiceError('invalid', `${name}: a list of strings`);
  return v as string[];
}
