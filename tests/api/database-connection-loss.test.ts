import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, serviceRole, withCaller } from '../../src/server/db/database.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A connection can drop while a transaction holds it between two queries (the server restarts, a
 * network blip, a proxy cut). pg then emits 'error' on the checked-out client; with nobody listening
 * that is an uncaught exception, which takes the whole server process down with every request in it.
 */
describe('a connection lost in the middle of a transaction', () => {
  it('fails that transaction as "database unavailable" and leaves the process and the next one working', async () => {
    const attempt = withCaller(serviceRole, async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      // Not inside a query: the transaction is idle, as it is while a function works on its answer.
      await ownerQuery('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return tx.query('select 1');
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);

    const [row] = await withCaller(serviceRole, (tx) => tx.query<{ ok: number }>('select 1 as ok'));
    expect(row).toEqual({ ok: 1 });
  });
});
