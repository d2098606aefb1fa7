import { checkNewPassword } from '../services/accounts.js';
import { optionalStringArg, type Operation } from './operation.js';

export interface DemoResult {
  owner: string;
  token: string;
  accountId: string;
  timezone: string;
  reset: boolean;
  counts: { events: number; series: number; tasks: number; requests: number; appointmentTypes: number };
  window: { from: string; to: string };
  /** Where this process serves (or would serve) the API, for the examples printed. */
  apiBaseUrl: string;
  /** The console's sign-in page at the same place. */
  consoleUrl: string;
}

export const demoOperation: Operation<DemoResult> = async (rt, args) => {
  // Loaded here: the demo pulls in the recurrence engine, which other commands do not need.
  const { createDemo, DEMO_USERNAME } = await import('../demo/demo.js');
  const { DEMO_DISPLAY_NAME } = await import('../demo/demo-data.js');
  const username = optionalStringArg(args, 'username') ?? DEMO_USERNAME;
  // A console password, when given, is held to sign-up's rule (refused when easy to guess, saying why).
  const password = optionalStringArg(args, 'password');
  if (password !== null) await checkNewPassword(rt.passwords, password, { username, displayName: DEMO_DISPLAY_NAME });
  const passwordHash = password === null ? null : await rt.passwords.hash(password);
  const summary = await createDemo(rt.store.db, rt.clock, { username, passwordHash });
  // The previous demo owner's tokens are gone: forget every cached look-up so they fail at once here.
  await rt.forgetTokens();
  const { tokenId: _tokenId, ...rest } = summary;
  return { ...rest, apiBaseUrl: `${rt.config.publicBaseUrl}/api/v1`, consoleUrl: `${rt.config.publicBaseUrl}/signin` };
};
