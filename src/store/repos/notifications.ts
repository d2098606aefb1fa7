import { sql } from 'kysely';
import type { Db } from '../db.js';

/** Sends `payload` to every listener of `channel` (PostgreSQL NOTIFY; at commit when `db` is a transaction). No owner: a message to instances. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
