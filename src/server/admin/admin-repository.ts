import { officeTimeZone } from '../../lib/dates.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';
import { type Collection, collections, selectList } from './collections.ts';
import type { CursorPosition, ListQuery } from './list-query.ts';

/**
 * The dashboard's SQL. Each function runs in the caller's transaction, so RLS decides as well: run as
 * anyone but an admin, the lists are empty and the changes touch nothing.
 */

export type Row = Record<string, unknown> & { id: string };

/** How a sort orders rows, and its key as exact text for a cursor. */
const sortOrders = {
  newest: { column: 'created_at', direction: 'desc', type: 'timestamptz' },
  oldest: { column: 'created_at', direction: 'asc', type: 'timestamptz' },
  arrival: { column: 'arrival', direction: 'asc', type: 'date' },
} as const;

function cursorKey(sort: ListQuery['sort']): string {
  const { column } = sortOrders[sort];
  // Microseconds, so two rows in one millisecond are neither skipped nor repeated.
  return column === 'created_at'
    ? `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : isoDate(column);
}

/** `%word%` for ILIKE, with the word's own `%`, `_` and `\` matched literally. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of a collection in its sort order, after `after`: a keyset seek on the indexes of
 * migration 20261122000700, so a deep page costs what the first does. Answers up to `limit` rows with
 * the sort key of each (`cursorKey`), for the next cursor.
 *
 * It reads the `dashboard` view of the table, which admits admins only: under the table's RLS the
 * search could not use its trigram index (see the migration).
 */
export async function selectPage(
  tx: Transaction,
  collection: Collection,
  query: Omit<ListQuery, 'limit' | 'after'>,
  { columns, after, limit }: { columns: Record<string, string>; after?: CursorPosition; limit: number },
): Promise<(Row & { cursorKey: string })[]> {
  const values: unknown[] = [];
  const parameter = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = [query.view === 'trash' ? 'deleted_at is not null' : 'deleted_at is null'];
  for (const word of query.searchWords) {
    const { references } = collection;
    const reference = references?.read(word);
    if (references && reference) {
      where.push(`${references.column} = ${parameter(reference)}`);
      continue;
    }
    const pattern = parameter(containing(word));
    where.push(
      references
        ? `(${collection.searchText} ilike ${pattern} or ${references.column} ilike ${pattern})`
        : `${collection.searchText} ilike ${pattern}`,
    );
  }
  if (query.status) where.push(`status = ${parameter(query.status)}`);
  if (query.stage) where.push(`stage = ${parameter(query.stage)}`);
  if (query.property) where.push(`property = ${parameter(query.property)}`);
  if (query.position) where.push(`position = ${parameter(query.position)}`);
  if (query.arriving) {
    where.push(
      `arrival between ${parameter(query.arriving.from)}::date and ${parameter(query.arriving.through)}::date`,
    );
  }
  if (query.messages) {
    const condition = collection.messageFilters?.[query.messages];
    // readListQuery refuses the filter where the collection has none; this is the last guard.
    if (!condition) throw new Error(`${collection.name} has no messages filter`);
    where.push(condition);
  }
  // Whole days in the office's time zone; `to` includes its day.
  if (query.from) {
    where.push(`created_at >= (${parameter(query.from)}::date)::timestamp at time zone '${officeTimeZone}'`);
  }
  if (query.to) {
    where.push(`created_at < (${parameter(query.to)}::date + 1)::timestamp at time zone '${officeTimeZone}'`);
  }
  const order = sortOrders[query.sort];
  if (after) {
    // A row comparison, which a btree index on (column, id) answers with one seek.
    const comparison = order.direction === 'desc' ? '<' : '>';
    where.push(
      `(${order.column}, id) ${comparison} (${parameter(after.key)}::${order.type}, ${parameter(after.id)}::uuid)`,
    );
  }
  return tx.query<Row & { cursorKey: string }>(
    `select ${selectList(columns)}, ${cursorKey(query.sort)} as "cursorKey"
     from dashboard.${collection.table}
     where ${where.join(' and ')}
     order by ${order.column} ${order.direction}, id ${order.direction}
     limit ${parameter(limit)}`,
    values,
  );
}

export type CollectionCounts = { new: number; waiting: number; trash: number; latestAt: string | null };

/**
 * For each collection: how many rows are new to the office, how many wait for it (new, or what its
 * domain says waits), how many are in the trash, and when the
 * newest row arrived, in one round trip. Each count is an index-only scan of a small partial index.
 */
export async function countCollections(tx: Transaction): Promise<Map<Collection['name'], CollectionCounts>> {
  // What waits is the new rows and those the domain names that are not new: counted apart and added,
  // the new rows are read once, and the others from the domain's few ids (a booking with a guest's
  // unread message: a lookup each) instead of a union that read every booking to match them.
  const parts = collections.map(
    (
      collection,
    ) => `select '${collection.name}' as name, counts.new, counts.new + counts.waiting_besides as waiting,
       counts.trash, counts."latestAt"
     from (select
       (select count(*) from public.${collection.table} where ${collection.isNew} and deleted_at is null)::int as "new",
       ${
         collection.waitingIds
           ? `(select count(*) from public.${collection.table}
               where id in (${collection.waitingIds}) and deleted_at is null and (${collection.isNew}) is not true)::int`
           : '0'
       } as waiting_besides,
       (select count(*) from public.${collection.table} where deleted_at is not null)::int as trash,
       (select ${isoTimestamp('max(created_at)')} from public.${collection.table} where deleted_at is null) as "latestAt"
       -- Counted once: without the fence the planner inlines the counts and counts the new rows twice.
       offset 0
     ) counts`,
  );
  const rows = await tx.query<CollectionCounts & { name: Collection['name'] }>(parts.join(' union all '));
  return new Map(rows.map(({ name, ...counts }) => [name, counts]));
}

/** The full row, in the trash or not, or undefined when there is none with this id. */
export async function selectDetail(
  tx: Transaction,
  collection: Collection,
  id: string,
): Promise<Row | undefined> {
  const [row] = await tx.query<Row>(
    `select ${selectList(collection.detailColumns)} from public.${collection.table} where id = $1`,
    [id],
  );
  return row;
}

/**
 * Marks a form row answered now, or not answered; the database stamps which admin (migration
 * 20261130001110). Marking it answered again keeps the first time. False when there is no such row.
 */
export async function updateAnswered(
  tx: Transaction,
  collection: Collection,
  id: string,
  answered: boolean,
): Promise<boolean> {
  const rows = await tx.query(
    answered
      ? `update public.${collection.table} set answered_at = coalesce(answered_at, now()) where id = $1 returning id`
      : `update public.${collection.table} set answered_at = null where id = $1 returning id`,
    [id],
  );
  return rows.length > 0;
}

/** Marks a form row as opened by the office the first time; later opens keep the first time. */
export async function markRead(tx: Transaction, collection: Collection, id: string): Promise<void> {
  await tx.query(`update public.${collection.table} set read_at = now() where id = $1 and read_at is null`, [
    id,
  ]);
}

export type HistoryEntry = {
  action:
    | 'status_changed'
    | 'deleted'
    | 'restored'
    | 'purged'
    | 'payment_recorded'
    | 'payment_deleted'
    | 'note_added'
    | 'refund_requested'
    | 'refund_settled'
    | 'sale_status_written'
    | 'sale_status_write_failed';
  oldStatus: string | null;
  newStatus: string | null;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string;
  at: string;
  /** What a payment entry, a refund or a note said; only the ledger's and the refunds' actions carry it. */
  details?: Record<string, unknown>;
};

/** What the audit log recorded about a row, oldest first. */
export async function selectHistory(
  tx: Transaction,
  collection: Collection,
  id: string,
): Promise<HistoryEntry[]> {
  const entries = await tx.query<Omit<HistoryEntry, 'details'> & { details: HistoryEntry['details'] | null }>(
    `select action, old_status as "oldStatus", new_status as "newStatus", actor_id as "actorId",
            actor_email as "actorEmail", actor_role as "actorRole", ${isoTimestamp('created_at')} as "at",
            details
     from public.admin_audit_log
     where row_id = $1 and collection = $2
     order by created_at, id`,
    [id, collection.table],
  );
  // Only the ledger's entries carry details; the others read as they always have.
  return entries.map(({ details, ...entry }) => (details ? { ...entry, details } : entry));
}

/** Locks the row for a move in or out of the trash; whether it is in the trash, or undefined when there is none. */
export async function selectForChange(
  tx: Transaction,
  collection: Collection,
  id: string,
): Promise<{ deleted: boolean } | undefined> {
  const [row] = await tx.query<{ deleted: boolean }>(
    `select deleted_at is not null as deleted from public.${collection.table} where id = $1 for update`,
    [id],
  );
  return row;
}

/**
 * Moves a row to the trash, or back; the audit triggers record either. Runs in a savepoint and answers
 * the database's refusal instead of throwing it (only a restore can be refused: a domain's rule can
 * refuse a row coming back), so the transaction can still read what the refusal is about.
 */
export async function updateDeleted(
  tx: Transaction,
  collection: Collection,
  id: string,
  deleted: boolean,
): Promise<{ refused?: unknown }> {
  await tx.query('savepoint trash_move');
  try {
    await tx.query(
      deleted
        ? `update public.${collection.table} set deleted_at = now() where id = $1 and deleted_at is null`
        : `update public.${collection.table} set deleted_at = null where id = $1 and deleted_at is not null`,
      [id],
    );
    await tx.query('release savepoint trash_move');
    return {};
  } catch (error) {
    await tx.query('rollback to savepoint trash_move');
    return { refused: error };
  }
}

export type PurgedCounts = { purgedFrom: string; purgedRows: number }[];

/** Removes for good what has been in the trash over 30 days (migration 20261122000700). */
export async function purgeOldTrash(tx: Transaction): Promise<PurgedCounts> {
  return tx.query<{ purgedFrom: string; purgedRows: number }>(
    `select purged_from as "purgedFrom", purged_rows::int as "purgedRows" from app_private.purge_trash()`,
  );
}
