import { createHmac } from 'node:crypto';
import pg from 'pg';

/**
 * The role the functions log in as: it can do nothing by itself (NOINHERIT, no superuser, no
 * createrole, no bypassrls) and may only `set role` to anon, authenticated or service_role. Connected
 * as the owner instead, a query could `reset role` and leave RLS behind; as this role, `reset role`
 * leaves it with no rights at all. Migrations and the scripts' setup still connect as the owner.
 */
export const appRole = 'kayal_app';

const retriedCodes = new Set(['XX000', '23505', '40001', '40P01']);

/**
 * The app role's password, derived from the owner's credentials: as secret as they are, the same for
 * every process that reaches the cluster (whichever host or port), and kept nowhere else, so a command
 * run beside a server never changes the password the server logs in with.
 */
export function deriveAppPassword(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  const secret = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password) || process.env.PGPASSWORD || ''}`;
  return createHmac('sha256', secret).update(`${appRole} login`).digest('base64url');
}

/** The owner's connection string with the app role's name and password. */
function appUrlFor(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = appRole;
  url.password = deriveAppPassword(ownerUrl);
  return url.toString();
}

/**
 * Creates the app role, or brings an existing one back to exactly these attributes, memberships and
 * password, connected as the owner; returns the connection string the functions use. Roles belong to
 * the whole cluster, so two databases of one cluster (the tests') share it and its password.
 */
export async function ensureAppRole(ownerUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'kayal-villas-migrate' });
  await client.connect();
  try {
    const attributes = 'login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query('begin');
        // Two starts at once (or two test databases) may both find the role missing.
        await client.query(
          `do $$ begin create role ${appRole} ${attributes}; ` +
            'exception when duplicate_object or unique_violation then null; end $$',
        );
        const password = client.escapeLiteral(deriveAppPassword(ownerUrl));
        await client.query(`alter role ${appRole} with login noinherit password ${password}`);
        // Only a superuser may name some of these, even to turn them off: name them only when needed.
        const { rows } = await client.query<{ privileged: boolean }>(
          `select rolsuper or rolcreatedb or rolcreaterole or rolreplication or rolbypassrls as privileged
           from pg_roles where rolname = $1`,
          [appRole],
        );
        if (rows[0]?.privileged) await client.query(`alter role ${appRole} with ${attributes}`);
        await client.query(`grant anon, authenticated, service_role to ${appRole}`);
        await client.query('commit');
        break;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        const code = (error as { code?: string }).code ?? '';
        if (attempt >= 5 || !retriedCodes.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await client.end();
  }
  return appUrlFor(ownerUrl);
}
