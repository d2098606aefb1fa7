import assert from 'node:assert/strict';
import { setBookingSettings } from '../../src/services/booking.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { jobKinds } from '../../src/server/job-kinds.js';
import { Worker } from '../../src/jobs/queue.js';
import type { ApiHarness } from './api.js';
import { appointmentBody, EVERY_DAY_9_TO_17, post } from './requests.js';
import { webSession, type WebSession } from './web.js';

export interface SignedUpOwner {
  web: WebSession;
  owner: OwnerRow;
  typeId: string;
  /** An API token of the owner with every scope. */
  token: string;
}

let n = 0;

/**
 * An owner signed up through the console (Europe/Berlin unless told), booking on: one 30-minute type,
 * 09:00-17:00 every day. The console shows dates in the owner's locale: British English unless told,
 * the language the tests' expected dates are written in.
 */
export async function signedUpOwner(api: ApiHarness, zone = 'Europe/Berlin', locale = 'en-GB'): Promise<SignedUpOwner> {
  const web = webSession(api);
  n += 1;
  const username = `inbox-${process.pid}-${n}`;
  const made = await web.post('/signup', { username, name: `Owner ${n}`, email: `owner${n}@example.com`, timezone: zone, password: 'correct horse battery' });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.store.db.updateTable('owners').set({ locale }).where('username', '=', username).returningAll().executeTakeFirstOrThrow();
  const settings = await setBookingSettings(api.rt.store.db, api.clock, owner.id, {
    enabled: true,
    weeklyHours: EVERY_DAY_9_TO_17,
    slotStepMinutes: 30,
    bookingWindowDays: 60,
    appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }],
  });
  return { web, owner, typeId: settings.appointmentTypes[0]!.id, token: await api.token(owner) };
}

/** Asks for an appointment through the API; returns the new request's id. */
export async function askAppointment(api: ApiHarness, o: SignedUpOwner, slot: { start: string; end: string }, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post(api, '/api/v1/requests/appointments', o.token, appointmentBody(o.typeId, slot.start, slot.end, { notifyRequester: true, message: 'Intro, please', ...extra }));
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { request: { id: string } }).request.id;
}

/** The request as the owner's token reads it from the API. */
export async function apiRequest(api: ApiHarness, o: SignedUpOwner, id: string): Promise<{ status: string; slot: { start: string; end: string } | null; cancelledBy: string | null }> {
  const res = await api.get(`/api/v1/requests/${id}`, o.token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** Runs every job due now with the production job kinds (the decision job among them). */
export async function runJobs(api: ApiHarness): Promise<number> {
  const db = api.rt.store.db;
  const w = new Worker({ db, clock: api.clock, kinds: jobKinds(api.rt), batchSize: 50 });
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const done = await w.runOnce();
    if (done === 0) break;
    total += done;
  }
  await w.close();
  return total;
}

/** Submits a console form and follows its redirect; returns the page shown and the notice it carried. */
export async function act(web: WebSession, url: string, fields: Record<string, string> = {}): Promise<{ status: number; notice: string | null; body: string }> {
  const res = await web.submit(url, fields);
  if (res.statusCode !== 303) return { status: res.statusCode, notice: null, body: res.body };
  const location = String(res.headers.location);
  const notice = new URL(location, 'https://cal.example').searchParams.get('notice');
  const page = await web.get(location);
  return { status: res.statusCode, notice, body: page.body };
}
