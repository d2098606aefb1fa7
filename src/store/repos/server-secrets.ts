import type { Db } from '../db.js';

/**
 * A secret of the server, made by migration 0001 and kept in the database so that every instance on
 * it signs alike (server-wide: no owner).
 */
export async function readServerSecret(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
