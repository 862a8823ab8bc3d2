import type { Caller } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import type { Visitor } from './session.ts';

/**
 * The database caller an office admin's requests run as: the admin themselves, so the database checks
 * again what the services check (RLS on the tables, and the admins-only `dashboard` views the lists
 * read; migration 20261122000700 says why). Anyone else is refused here, before any query.
 */
export function callerFor(visitor: Visitor): Caller {
  if (!visitor.user.isAdmin) throw new Refusal('forbidden', 'This needs an office admin account.');
  return { role: 'authenticated', claims: visitor.claims };
}

/** The admin an entry is recorded in the name of. */
export const adminOf = (visitor: Visitor) => ({ id: visitor.claims.sub, email: visitor.user.email });
