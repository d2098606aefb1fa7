import { formatInstant } from '../domain/instant.js';
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

export const ownerCreateOperation: Operation<OwnerResult> = async (rt, args) => {
  const owner = await createOwner(rt.store.db, rt.clock, {
    username: stringArg(args, 'username'),
    displayName: stringArg(args, 'name'),
    timezone: stringArg(args, 'timezone'),
    email: optionalStringArg(args, 'email'),
  });
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
