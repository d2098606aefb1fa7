import { sql } from 'kysely';
import type { Db } from '../db.js';

/** One round trip to the database (GET /readyz): answers when a connection can be had and used. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
