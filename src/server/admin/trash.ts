import { serviceRole, withCaller } from '../db/database.ts';
import { purgeOldTrash } from './admin-repository.ts';
import { collections } from './collections.ts';

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
