import pg from 'pg';

/**
 * Queries a database as the owner its URL names, on a connection of its own, to set up what a test
 * needs or check what the site really stored: the one way tests reach a database from outside the
 * app, whether Vitest's throwaway one (`sql.ts`) or the e2e server's (`e2e/support/database.ts`).
 */
export async function query<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
