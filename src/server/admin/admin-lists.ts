import type { SummaryAnswer } from '../../features/admin/collection-contract.ts';
import type { ListAnswer } from '../../features/admin/list-query-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { readPropertyNames } from '../catalogue/catalogue.ts';
import { withCaller } from '../db/database.ts';
import { withPropertyNames } from './admin-access.ts';
import { countCollections, type Row, selectPage } from './admin-repository.ts';
import { type Collection, collections } from './collections.ts';
import { byteOrderMark, type CsvValue, csvRecord } from './csv.ts';
import { encodeCursor, type ListQuery } from './list-query.ts';

/** The dashboard's lists: the counts it polls, one page of a collection, and a collection as CSV. */

function withoutCursorKey({ cursorKey: _key, ...row }: Row & { cursorKey: string }): Row {
  return row as Row;
}

/** The new, trashed and latest counts of every collection, which the dashboard polls. */
export async function summariseCollections(visitor: Visitor): Promise<SummaryAnswer> {
  const counts = await withCaller(callerFor(visitor), countCollections);
  return {
    collections: collections.map(({ name, label }) => ({
      name,
      label,
      ...(counts.get(name) ?? { new: 0, waiting: 0, trash: 0, latestAt: null }),
    })),
  };
}

/**
 * One page of a collection. `nextCursor` is null on the last page. There is no total: an exact count
 * of a search over 100,000 rows costs a scan of every match, the page itself does not.
 */
export async function listItems(
  visitor: Visitor,
  collection: Collection,
  query: ListQuery,
): Promise<ListAnswer> {
  const caller = callerFor(visitor);
  // One row more than the page shows tells whether there is a next page.
  const rows = await withCaller(caller, (tx) =>
    selectPage(tx, collection, query, {
      columns: collection.listColumns,
      after: query.after,
      limit: query.limit + 1,
    }),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor(query.sort, { key: last.cursorKey, id: last.id }) : null;
  return { items: await withPropertyNames(collection, page.map(withoutCursorKey)), nextCursor };
}

/** The most rows one export holds: past this the office should narrow the filters. */
export const csvRowLimit = 50_000;
const csvBatchRows = 1000;

/**
 * A collection as CSV, with the same search, filters, sort and view as its list (every page of it),
 * up to `csvRowLimit` rows. The first batch is read before answering, so an unreachable database still
 * gets its error response; the rest streams one short transaction per batch, continuing by cursor, so
 * an export holds neither a connection nor the whole file in memory.
 */
export async function exportCsv(
  visitor: Visitor,
  collection: Collection,
  query: ListQuery,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const caller = callerFor(visitor);
  const headers = Object.keys(collection.csvColumns);
  // Aliased c0, c1, … so a header's wording never has to be a valid SQL name.
  const columns = Object.fromEntries(
    Object.values(collection.csvColumns).map((sql, index) => [`c${index}`, sql]),
  );
  // The office reads property names; a slug the catalogue lacks stays as it is, never a blank.
  const propertyColumn = collection.csvPropertyHeader ? headers.indexOf(collection.csvPropertyHeader) : -1;
  const nameOf = propertyColumn >= 0 ? await readPropertyNames() : undefined;
  const cell = (row: Row, index: number): CsvValue => {
    const value = row[`c${index}`] as CsvValue;
    return nameOf && index === propertyColumn && typeof value === 'string' ? nameOf(value) : value;
  };
  const readBatch = (after?: { key: string; id: string }) =>
    withCaller(caller, (tx) =>
      selectPage(tx, collection, query, { columns, after, limit: csvBatchRows + 1 }),
    );

  let rows = await readBatch();
  let written = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(byteOrderMark + csvRecord(headers)));
    },
    async pull(controller) {
      const batch = rows.slice(0, Math.min(csvBatchRows, csvRowLimit - written));
      controller.enqueue(
        encoder.encode(
          batch.map((row) => csvRecord(headers.map((_header, index) => cell(row, index)))).join(''),
        ),
      );
      written += batch.length;
      const last = batch.at(-1);
      if (rows.length <= csvBatchRows || written >= csvRowLimit || !last) {
        controller.close();
        return;
      }
      rows = await readBatch({ key: last.cursorKey, id: last.id });
    },
  });
  const filename = `${collection.name}${query.view === 'trash' ? '-trash' : ''}-${todayInKerala()}.csv`;
  return { filename, body };
}
