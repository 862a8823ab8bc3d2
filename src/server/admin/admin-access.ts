import { readPropertyNames } from '../catalogue/catalogue.ts';
import { Refusal } from '../refusal.ts';
import type { Row } from './admin-repository.ts';
import type { Collection } from './collections.ts';

/**
 * What the dashboard's services share about a row: the refusal of one that is not there, and the
 * property names shown beside slugs. Every query runs as the admin (`auth/admin-caller.ts`).
 */

export const itemNotFound = (collection: Collection) =>
  new Refusal('not_found', `There is no such item in ${collection.label.toLowerCase()}.`);

/** Rows that name a property, with its name beside its slug; other collections' rows as they are. */
export async function withPropertyNames(collection: Collection, rows: Row[]): Promise<Row[]> {
  if (!collection.namesProperties) return rows;
  const nameOf = await readPropertyNames();
  return rows.map((row) => ({ ...row, propertyName: nameOf(String(row.property)) }));
}

/** One row with its property's name; a row the transaction could not find is not found. */
export async function nameItem(collection: Collection, item: Row | undefined): Promise<{ item: Row }> {
  if (!item) throw itemNotFound(collection);
  const [named] = await withPropertyNames(collection, [item]);
  return { item: named ?? item };
}
