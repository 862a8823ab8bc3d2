import type { ItemAnswer } from '../../features/admin/item-contract.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { itemNotFound, nameItem } from './admin-access.ts';
import { purgeOldTrash, selectDetail, selectForChange, updateDeleted } from './admin-repository.ts';
import { type Collection, collections } from './collections.ts';

/** The dashboard's trash: moving a row in and out of it, and removing what has waited there too long. */

/**
 * Moves a row into the trash or out of it. Asking for the state a row already has changes nothing and
 * succeeds, so a double click is harmless.
 */
async function setDeleted(
  visitor: Visitor,
  collection: Collection,
  id: string,
  deleted: boolean,
): Promise<ItemAnswer> {
  const item = await withCaller(callerFor(visitor), async (tx) => {
    const current = await selectForChange(tx, collection, id);
    if (!current) throw itemNotFound(collection);
    if (current.deleted !== deleted) {
      const { refused } = await updateDeleted(tx, collection, id, deleted);
      if (refused) throw (await collection.explainRestoreRefusal?.(tx, id, refused)) ?? refused;
    }
    return selectDetail(tx, collection, id);
  });
  return nameItem(collection, item);
}

/** Moves a row to the trash (deleted_at), from where Restore brings it back within 30 days. */
export function moveToTrash(visitor: Visitor, collection: Collection, id: string): Promise<ItemAnswer> {
  return setDeleted(visitor, collection, id, true);
}

/**
 * Brings a row back from the trash, unless a rule of its domain refuses (a confirmed booking whose
 * dates a newer confirmed stay or a block now holds: a conflict naming it, in the domain's words).
 */
export function restoreFromTrash(visitor: Visitor, collection: Collection, id: string): Promise<ItemAnswer> {
  return setDeleted(visitor, collection, id, false);
}

export type PurgeReport = { total: number; byCollection: Record<string, number> };

/**
 * Removes for good every row that has been in the trash for more than 30 days, as the server
 * (service_role): the daily Netlify scheduled function and `npm run trash:purge` both call this. The
 * audit log records each row removed.
 */
export async function purgeTrash(): Promise<PurgeReport> {
  const counts = await withCaller(serviceRole, purgeOldTrash);
  const byCollection: Record<string, number> = {};
  for (const { purgedFrom, purgedRows } of counts) {
    const name = collections.find((collection) => collection.table === purgedFrom)?.name ?? purgedFrom;
    byCollection[name] = purgedRows;
  }
  return { total: counts.reduce((sum, { purgedRows }) => sum + purgedRows, 0), byCollection };
}

/** One line for a log: "Purged 3 rows from the trash (booking-requests 1, contact-messages 2)." */
export function describePurge({ total, byCollection }: PurgeReport): string {
  const parts = Object.entries(byCollection)
    .filter(([, rows]) => rows > 0)
    .map(([name, rows]) => `${name} ${rows}`);
  const noun = total === 1 ? 'row' : 'rows';
  return `Purged ${total} ${noun} from the trash${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.`;
}
