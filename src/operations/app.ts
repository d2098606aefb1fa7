import { asUuid } from '../domain/ids.js';
import { formatInstant } from '../domain/instant.js';
import { ServiceError } from '../domain/service-error.js';
import { createApp, deleteApp, listApps, rotateAppSecret, setSuspension, showApp, type AppSummary } from '../services/apps.js';
import { requireOwner } from '../services/owners.js';
import { optionalStringArg, stringArg, stringListArg, type Operation, type OperationArgs } from './operation.js';

/** An app as the CLI prints it (`--json`), instants as RFC 3339. */
export interface AppEntry {
  id: string;
  clientId: string;
  name: string;
  type: 'public' | 'confidential';
  homepage: string | null;
  logo: string | null;
  redirectUris: string[];
  scopes: string[];
  secret: string | null;
  connections: number;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
}

export interface AppCreateResult extends AppEntry {
  /** The client secret of a confidential app, shown this once. */
  clientSecret: string | null;
}

export function appEntry(a: AppSummary): AppEntry {
  return {
    id: a.id,
    clientId: a.clientId,
    name: a.name,
    type: a.clientType,
    homepage: a.homepageUrl,
    logo: a.logoUrl,
    redirectUris: a.redirectUris,
    scopes: a.scopes,
    secret: a.secretHint,
    connections: a.connections,
    createdAt: formatInstant(a.createdAt),
    suspendedAt: a.suspendedAt ? formatInstant(a.suspendedAt) : null,
    suspendedReason: a.suspendedReason,
  };
}

function appId(args: OperationArgs): string {
  const text = stringArg(args, 'id');
  const id = asUuid(text);
  if (id === null) throw new ServiceError('not_found', `no app ${text}`);
  return id;
}

export const appCreateOperation: Operation<AppCreateResult> = async (rt, args) => {
  const owner = await requireOwner(rt.db, stringArg(args, 'owner'));
  const type = stringArg(args, 'type');
  const created = await createApp(rt.db, rt.clock, {
    ownerId: owner.id,
    name: stringArg(args, 'name'),
    homepageUrl: optionalStringArg(args, 'homepage'),
    logoUrl: optionalStringArg(args, 'logo'),
    redirectUris: stringListArg(args, 'redirectUris'),
    scopes: stringListArg(args, 'scopes'),
    clientType: type as 'public' | 'confidential',
  });
  return { ...appEntry(created.app), clientSecret: created.clientSecret };
};

export const appListOperation: Operation<AppEntry[]> = async (rt, args) => {
  const owner = await requireOwner(rt.db, stringArg(args, 'owner'));
  return (await listApps(rt.db, owner.id)).map(appEntry);
};

export const appShowOperation: Operation<AppEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.db, stringArg(args, 'owner'));
  return appEntry(await showApp(rt.db, owner.id, appId(args)));
};

export const appRotateSecretOperation: Operation<AppCreateResult> = async (rt, args) => {
  const owner = await requireOwner(rt.db, stringArg(args, 'owner'));
  const rotated = await rotateAppSecret(rt.db, owner.id, appId(args));
  return { ...appEntry(rotated.app), clientSecret: rotated.clientSecret };
};

/** Deletes the app and every grant of it; this process's token cache forgets the revoked tokens at once. */
export const appDeleteOperation: Operation<{ id: string; deleted: true }> = async (rt, args) => {
  const owner = await requireOwner(rt.db, stringArg(args, 'owner'));
  const id = appId(args);
  for (const tokenId of await deleteApp(rt.db, rt.clock, owner.id, id)) rt.forgetTokens(tokenId);
  return { id, deleted: true };
};

/** An operator's act: any owner's app. Cached look-ups are forgotten so the API answers app_suspended at once. */
export const appSuspendOperation: Operation<AppEntry> = async (rt, args) => {
  const entry = appEntry(await setSuspension(rt.db, rt.clock, appId(args), stringArg(args, 'reason')));
  rt.forgetTokens();
  return entry;
};

export const appUnsuspendOperation: Operation<AppEntry> = async (rt, args) => {
  const entry = appEntry(await setSuspension(rt.db, rt.clock, appId(args), null));
  rt.forgetTokens();
  return entry;
};
