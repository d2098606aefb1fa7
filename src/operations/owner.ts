import { formatInstant } from '../domain/instant.js';
import { checkNewPassword } from '../services/accounts.js';
import { createOwner } from '../services/owners.js';
import { optionalStringArg, stringArg, type Operation } from './operation.js';

export interface OwnerResult {
  id: string;
  accountId: string;
  username: string;
  displayName: string;
  timezone: string;
  locale: string;
  email: string | null;
  createdAt: string;
}

/** Creates an owner; with `password`, one that signs in to the console (refused when easy to guess, saying why). */
export const ownerCreateOperation: Operation<OwnerResult> = async (rt, args) => {
  const input = {
    username: stringArg(args, 'username'),
    displayName: stringArg(args, 'name'),
    timezone: stringArg(args, 'timezone'),
    email: optionalStringArg(args, 'email'),
  };
  const password = optionalStringArg(args, 'password');
  if (password !== null) await checkNewPassword(rt.passwords, password, input);
  const owner = await createOwner(rt.store.db, rt.clock, { ...input, passwordHash: password === null ? null : await rt.passwords.hash(password) });
  return {
    id: owner.id,
    accountId: owner.account_id,
    username: owner.username,
    displayName: owner.display_name,
    timezone: owner.timezone,
    locale: owner.locale,
    email: owner.email,
    createdAt: formatInstant(owner.created_at),
  };
};
