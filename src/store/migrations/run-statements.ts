import { sql, type Kysely } from 'kysely';

/**
 * Runs a migration's statements one at a time: PGlite's query() takes one statement, and one by one
 * an error names the statement at fault. Statements end with `;` at the end of a line.
 */
export async function runStatements(db: Kysely<unknown>, text: string): Promise<void> {
  const statements = text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
