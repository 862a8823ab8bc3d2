import type { Visitor } from '../auth/session.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import type { Caller } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import type { Row } from './admin-repository.ts';
import type { Collection } from './collections.ts';

/**
 * What every dashboard service starts from. Every query runs as the admin themselves, so the database
 * checks again what the services check: RLS on the tables, and the admins-only `dashboard` views the
 * lists read (migration 20261122000700 says why).
 */

/** The admin's own database caller; anyone else is refused here, before any query. */
export function callerFor(visitor: Visitor): Caller {
  if (!visitor.user.isAdmin) throw new Refusal('forbidden', 'This needs an office admin account.');
  return { role: 'authenticated', claims: visitor.claims };
}

export const itemNotFound = (collection: Collection) =>
  new Refusal('not_found', `There is no such item in ${collection.label.toLowerCase()}.`);

/** Property names from the content files; the slug itself when the catalogue cannot be read. */
export async function readPropertyNames(): Promise<(slug: string) => string> {
  const catalogue = await loadCatalogue().catch((error: unknown) => {
    console.error('The property catalogue could not be read; the dashboard shows slugs', error);
    return undefined;
  });
  return (slug) => catalogue?.find(slug)?.name ?? slug;
}

/** Booking rows with their property's name beside its slug. */
export async function withPropertyNames(collection: Collection, rows: Row[]): Promise<Row[]> {
  if (collection.name !== 'booking-requests') return rows;
  const nameOf = await readPropertyNames();
  return rows.map((row) => ({ ...row, propertyName: nameOf(String(row.property)) }));
}

/** One row with its property's name; a row the transaction could not find is not found. */
export async function nameItem(collection: Collection, item: Row | undefined): Promise<{ item: Row }> {
  if (!item) throw itemNotFound(collection);
  const [named] = await withPropertyNames(collection, [item]);
  return { item: named ?? item };
}
