import type { Principal } from '../../services/authenticator.js';
import type { AccountDto } from '../schemas/resources.js';
import { SCOPES } from '../../domain/scopes.js';

export function presentAccount(principal: Principal, publicBaseUrl: string): AccountDto {
  const owner = principal.profile;
  const scopes = SCOPES.filter((s) => principal.scopes.includes(s));
  return {
    accountId: principal.accountId,
    scopes,
    mode: principal.mode,
    ...(scopes.includes('profile:read')
      ? {
          profile: {
            displayName: owner.displayName,
            username: owner.username,
            publicUrl: `${publicBaseUrl}/${encodeURIComponent(owner.username)}`,
            timezone: owner.timezone,
            locale: owner.locale,
          },
        }
      : {}),
  };
}
