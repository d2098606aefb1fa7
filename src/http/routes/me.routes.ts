import { presentAccount } from '../presenters/account.js';
import { defineRoute } from '../route.js';
import { Account } from '../schemas/resources.js';

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
    return presentAccount(principal, services.config.publicBaseUrl);
  },
});
