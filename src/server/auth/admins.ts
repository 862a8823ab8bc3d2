import { z } from 'zod';
import { newPassword } from '../../features/auth/auth-contract.ts';
import { emailAddress, personName } from '../../lib/form-fields.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { findGuessablePassword } from './password-policy.ts';
import { hashPassword } from './passwords.ts';

/**
 * Office admins on the embedded auth (the embedded database or any PostgreSQL from DATABASE_URL): an
 * admin is an account whose app_metadata.role is "admin", which only the server sets. Supabase keeps
 * its accounts itself; see the README for the SQL there.
 */

export const adminAccountSchema = z.object({
  email: emailAddress,
  /** Used only when the account is created; a promoted account keeps its name. */
  name: personName.optional(),
  /** Needed unless the address already has a confirmed account, which keeps its own password. */
  password: newPassword.optional(),
});

export type AdminAccount = z.infer<typeof adminAccountSchema>;

/**
 * - `created`: a new, confirmed admin account;
 * - `promoted`: a confirmed account that became an admin and kept its password;
 * - `claimed`: an account never confirmed, which anyone could have registered with this address: it
 *   gets the new password and is confirmed, so whoever registered it cannot sign in as an admin.
 */
export type AdminOutcome = 'created' | 'promoted' | 'claimed';

export class AdminAccountError extends Error {
  override name = 'AdminAccountError';
}

type AccountState = { exists: boolean; confirmed: boolean; isAdmin: boolean };

/** What the address has now, so a script asks for a password only when one is needed. */
export async function readAccountState(email: string): Promise<AccountState> {
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query<{ confirmed: boolean; is_admin: boolean }>(
      `select email_confirmed_at is not null as confirmed, coalesce(app_metadata ->> 'role' = 'admin', false) as is_admin
       from app_private.users where lower(email) = lower($1)`,
      [email],
    ),
  );
  return { exists: Boolean(row), confirmed: row?.confirmed ?? false, isAdmin: row?.is_admin ?? false };
}

export function needsPassword(state: AccountState): boolean {
  return !state.exists || !state.confirmed;
}

/**
 * Makes the address an admin: creates the account, promotes a confirmed one, or claims an unconfirmed
 * one (see AdminOutcome). Throws AdminAccountError with a message for the person at the terminal when
 * the input is not acceptable. The dashboard reads the role from the database on every request, so a
 * promoted admin's open session can use it at once.
 */
export async function createOrPromoteAdmin(
  input: AdminAccount,
): Promise<{ id: string; outcome: AdminOutcome }> {
  const parsed = adminAccountSchema.safeParse(input);
  if (!parsed.success) {
    throw new AdminAccountError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const { email, name, password } = parsed.data;
  const guessable = password === undefined ? undefined : findGuessablePassword(password, { email, name });
  if (guessable) throw new AdminAccountError(guessable);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return withCaller(serviceRole, async (tx) => {
    const [existing] = await tx.query<{ id: string; confirmed: boolean }>(
      `select id, email_confirmed_at is not null as confirmed from app_private.users
       where lower(email) = lower($1) for update`,
      [email],
    );
    if (existing?.confirmed) {
      await tx.query(
        `update app_private.users set app_metadata = app_metadata || '{"role":"admin"}', updated_at = now()
         where id = $1`,
        [existing.id],
      );
      return { id: existing.id, outcome: 'promoted' as const };
    }
    if (passwordHash === undefined) {
      throw new AdminAccountError(`Choose a password for ${email}: it has no confirmed account yet.`);
    }
    if (existing) {
      await tx.query(
        `update app_private.users
         set password_hash = $2, name = coalesce($3, name), email_confirmed_at = now(),
             app_metadata = app_metadata || '{"role":"admin"}', updated_at = now()
         where id = $1`,
        [existing.id, passwordHash, name ?? null],
      );
      // Links mailed to whoever registered the address must not work any more.
      await tx.query(
        'update app_private.email_tokens set used_at = now() where user_id = $1 and used_at is null',
        [existing.id],
      );
      return { id: existing.id, outcome: 'claimed' as const };
    }
    const [created] = await tx.query<{ id: string }>(
      `insert into app_private.users (email, name, password_hash, app_metadata, email_confirmed_at)
       values ($1, $2, $3, '{"role":"admin"}', now()) returning id`,
      [email, name ?? 'Office admin', passwordHash],
    );
    return { id: created?.id as string, outcome: 'created' as const };
  });
}

export type RevokeOutcome = 'revoked' | 'not_admin';

/**
 * Takes the admin role from the address's account, which keeps its password and its sessions: the
 * dashboard reads the role from the database on every request, so the next one is refused. Throws
 * AdminAccountError when the address is not one or has no account.
 */
export async function revokeAdmin(input: { email: string }): Promise<{ id: string; outcome: RevokeOutcome }> {
  const parsed = z.object({ email: emailAddress }).safeParse(input);
  if (!parsed.success) {
    throw new AdminAccountError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const { email } = parsed.data;
  return withCaller(serviceRole, async (tx) => {
    const [existing] = await tx.query<{ id: string; is_admin: boolean }>(
      `select id, coalesce(app_metadata ->> 'role' = 'admin', false) as is_admin from app_private.users
       where lower(email) = lower($1) for update`,
      [email],
    );
    if (!existing) throw new AdminAccountError(`There is no account for ${email}; nothing was changed.`);
    if (!existing.is_admin) return { id: existing.id, outcome: 'not_admin' as const };
    await tx.query(
      `update app_private.users set app_metadata = app_metadata - 'role', updated_at = now() where id = $1`,
      [existing.id],
    );
    return { id: existing.id, outcome: 'revoked' as const };
  });
}

/** How many admins the embedded auth has; `npm start` can say how to create the first. */
export async function countAdmins(): Promise<number> {
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query<{ admins: number }>(
      `select count(*)::int as admins from app_private.users where app_metadata ->> 'role' = 'admin'`,
    ),
  );
  return row?.admins ?? 0;
}
