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
}

export const demoOperation: Operation<DemoResult> = async (rt, args) => {
  // Loaded here: the demo pulls in the recurrence engine, which other commands do not need.
  const { createDemo, DEMO_USERNAME } = await import('../demo/demo.js');
  const summary = await createDemo(rt.store.db, rt.clock, { username: optionalStringArg(args, 'username') ?? DEMO_USERNAME });
  // The previous demo owner's tokens are gone: forget every cached look-up so they fail at once here.
  await rt.forgetTokens();
  const { tokenId: _tokenId, ...rest } = summary;
  return { ...rest, apiBaseUrl: `${rt.config.publicBaseUrl}/api/v1` };
};
