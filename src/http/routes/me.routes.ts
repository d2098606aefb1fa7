import fastJson from 'fast-json-stringify';
import type { Principal } from '../../services/authenticator.js';
import { presentAccount } from '../presenters/account.js';
import { defineRoute, JsonBytes } from '../route.js';
import { Account } from '../schemas/resources.js';

const writeAccount = fastJson(Account);

/**
 * The answer of each principal, written once: the authenticator shares one frozen principal among
 * the calls of a cached look-up, and the answer depends on nothing else but the service's address.
 */
const written = new WeakMap<Principal, { publicBaseUrl: string; answer: JsonBytes }>();

function accountBytes(principal: Principal, publicBaseUrl: string): JsonBytes {
  const kept = written.get(principal);
  if (kept && kept.publicBaseUrl === publicBaseUrl) return kept.answer;
  const answer = new JsonBytes(writeAccount(presentAccount(principal, publicBaseUrl)));
  written.set(principal, { publicBaseUrl, answer });
  return answer;
}

export const getMe = defineRoute({
  method: 'GET',
  url: '/me',
  operationId: 'getMe',
  summary: 'The account the token acts for, its scopes and mode; the profile with profile:read.',
  tag: 'Account',
  scope: null,
  rateClass: 'read',
  response: Account,
  errors: [],
  // Not async: the answer is in memory (the token's cached look-up holds the profile).
  handler({ principal, services }) {
    return accountBytes(principal, services.config.publicBaseUrl);
  },
});
