import { z } from 'zod';
import { formatDate, todayInKerala } from '../../lib/dates.ts';
import type { Visitor } from '../auth/session.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import { type Caller, type Transaction, withCaller } from '../db/database.ts';
import { listEmailsAbout } from '../email/delivery.ts';
import { HttpError } from '../http/responses.ts';
import { validate } from '../http/validate.ts';
import {
  countCollections,
  markRead,
  type Row,
  selectDetail,
  selectForChange,
  selectHistory,
  selectOverlappingConfirmedStay,
  selectPage,
  updateBookingStatus,
  updateDeleted,
} from './admin-repository.ts';
import { type Collection, collections, findCollection } from './collections.ts';
import { byteOrderMark, type CsvValue, csvRecord } from './csv.ts';
import { encodeCursor, isUuid, type ListQuery, listQuerySchema, readListQuery } from './list-query.ts';

/**
 * The rules of the office dashboard (DESIGN §7, issue 4): who may use it, what a list may ask for,
 * which status moves are allowed and how a refusal is explained. Every query runs as the admin
 * themselves, so the database checks again what this module checked: RLS on the tables, and the
 * admins-only `dashboard` views the lists read (migration 20261122000700 says why).
 */

/** The admin's own database caller; anyone else is refused here, before any query. */
function callerFor(visitor: Visitor): Caller {
  if (!visitor.user.isAdmin) throw new HttpError(403, 'forbidden', 'This needs an office admin account.');
  return { role: 'authenticated', claims: visitor.claims };
}

function requireCollection(name: string | undefined): Collection {
  const collection = findCollection(name);
  if (!collection) throw new HttpError(404, 'not_found', 'The dashboard has no such list.');
  return collection;
}

const notFound = (collection: Collection) =>
  new HttpError(404, 'not_found', `There is no such item in ${collection.label.toLowerCase()}.`);

/** A malformed id names nothing, so it is a 404 like an unknown one, never a database error. */
function requireId(collection: Collection, id: string | undefined): string {
  if (!isUuid(id)) throw notFound(collection);
  return id.toLowerCase();
}

function readQuery(collection: Collection, params: URLSearchParams): ListQuery {
  const read = readListQuery(collection, validate(listQuerySchema, Object.fromEntries(params)));
  if ('errors' in read) {
    throw new HttpError(422, 'validation_failed', 'Some filters need your attention.', read.errors);
  }
  return read.query;
}

/** Property names from the content files; the slug itself when the catalogue cannot be read. */
async function readPropertyNames(): Promise<(slug: string) => string> {
  const catalogue = await loadCatalogue().catch((error: unknown) => {
    console.error('The property catalogue could not be read; the dashboard shows slugs', error);
    return undefined;
  });
  return (slug) => catalogue?.find(slug)?.name ?? slug;
}

/** Booking rows with their property's name beside its slug. */
async function withPropertyNames(collection: Collection, rows: Row[]): Promise<Row[]> {
  if (collection.name !== 'booking-requests') return rows;
  const nameOf = await readPropertyNames();
  return rows.map((row) => ({ ...row, propertyName: nameOf(String(row.property)) }));
}

function withoutCursorKey({ cursorKey: _key, ...row }: Row & { cursorKey: string }): Row {
  return row as Row;
}

/** The new, trashed and latest counts of every collection, which the dashboard polls. */
export async function summariseCollections(visitor: Visitor) {
  const counts = await withCaller(callerFor(visitor), countCollections);
  return {
    collections: collections.map(({ name, label }) => ({
      name,
      label,
      ...(counts.get(name) ?? { new: 0, trash: 0, latestAt: null }),
    })),
  };
}

/**
 * One page of a collection. `nextCursor` is null on the last page. There is no total: an exact count
 * of a search over 100,000 rows costs a scan of every match, the page itself does not.
 */
export async function listItems(
  visitor: Visitor,
  collectionName: string | undefined,
  params: URLSearchParams,
) {
  const caller = callerFor(visitor);
  const collection = requireCollection(collectionName);
  const query = readQuery(collection, params);
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
 * up to `csvRowLimit` rows. The first batch is read before answering, so a bad query or an unreachable
 * database still gets its error response; the rest streams one short transaction per batch, continuing
 * by cursor, so an export holds neither a connection nor the whole file in memory.
 */
export async function exportCsv(
  visitor: Visitor,
  collectionName: string | undefined,
  params: URLSearchParams,
) {
  const caller = callerFor(visitor);
  const collection = requireCollection(collectionName);
  const query = readQuery(collection, params);
  const headers = Object.keys(collection.csvColumns);
  // Aliased c0, c1, … so a header's wording never has to be a valid SQL name.
  const columns = Object.fromEntries(
    Object.values(collection.csvColumns).map((sql, index) => [`c${index}`, sql]),
  );
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
          batch
            .map((row) => csvRecord(headers.map((_header, index) => row[`c${index}`] as CsvValue)))
            .join(''),
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

/** Who asks, and which row of which collection: refuses an unknown collection or a malformed id. */
function targetItem(visitor: Visitor, collectionName: string | undefined, rawId: string | undefined) {
  const caller = callerFor(visitor);
  const collection = requireCollection(collectionName);
  return { caller, collection, id: requireId(collection, rawId) };
}

/**
 * A row in full, in the trash or not, with what the audit log recorded about it and, for a booking
 * request, how each email about it went. Reading changes nothing: a GET can come from a link on
 * another site, so marking read is `markItemRead`, a POST.
 */
export async function showItem(
  visitor: Visitor,
  collectionName: string | undefined,
  rawId: string | undefined,
) {
  const { caller, collection, id } = targetItem(visitor, collectionName, rawId);
  const found = await withCaller(caller, async (tx) => {
    const item = await selectDetail(tx, collection, id);
    if (!item) return undefined;
    const history = await selectHistory(tx, collection, id);
    const emails = collection.table === 'booking_requests' ? await listEmailsAbout(tx, id) : [];
    return { item, history, emails };
  });
  if (!found) throw notFound(collection);
  const [item] = await withPropertyNames(collection, [found.item]);
  return { item, history: found.history, emails: found.emails };
}

/**
 * Marks a form row read the first time the office opens it, so it stops counting as new; the
 * dashboard sends it as it opens a row. Later opens keep the first time. Booking requests stop being
 * new by their status, so for them this only answers the row.
 */
export async function markItemRead(
  visitor: Visitor,
  collectionName: string | undefined,
  rawId: string | undefined,
) {
  const { caller, collection, id } = targetItem(visitor, collectionName, rawId);
  const item = await withCaller(caller, async (tx) => {
    if (collection.marksReadOnOpen) await markRead(tx, collection, id);
    return selectDetail(tx, collection, id);
  });
  if (!item) throw notFound(collection);
  const [named] = await withPropertyNames(collection, [item]);
  return { item: named };
}

export const statusChangeSchema = z.object({
  status: z.enum(['confirmed', 'declined', 'cancelled'], {
    error: 'Choose confirmed, declined or cancelled',
  }),
});

// The moves the database trigger allows (migration 20261122000400), for explaining a refusal only:
// the trigger decides.
const allowedMoves: Record<string, string[]> = {
  new: ['confirmed', 'declined'],
  confirmed: ['cancelled'],
  declined: [],
  cancelled: [],
};

export function describeRefusedMove(from: string, to: string): string {
  const allowed = allowedMoves[from] ?? [];
  if (allowed.length === 0) return `This booking request is ${from}; a ${from} request cannot change status.`;
  return `A ${from} booking request cannot be ${to}; it can only be ${allowed.join(' or ')}.`;
}

const formatDay = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));

async function overlapConflict(tx: Transaction, id: string, ending: string): Promise<HttpError> {
  const other = await selectOverlappingConfirmedStay(tx, id);
  if (!other) return new HttpError(409, 'conflict', `This stay overlaps a confirmed booking${ending}`);
  const nameOf = await readPropertyNames();
  const dates = `${formatDay(other.arrival)} to ${formatDay(other.departure)}`;
  return new HttpError(
    409,
    'conflict',
    `This stay overlaps a confirmed booking of ${nameOf(other.property)} (${dates})${ending}`,
  );
}

const pgCode = (error: unknown) => (error as { code?: string } | null)?.code;
const pgConstraint = (error: unknown) => (error as { constraint?: string } | null)?.constraint;

/**
 * Runs `change` in a savepoint. When the overlap constraint refuses it, the savepoint is rolled back
 * so the transaction can still find the stay it overlaps, for a message that names it.
 */
async function refusingOverlaps(tx: Transaction, id: string, ending: string, change: () => Promise<void>) {
  await tx.query('savepoint admin_change');
  try {
    await change();
    await tx.query('release savepoint admin_change');
  } catch (error) {
    if (pgCode(error) !== '23P01') throw error;
    await tx.query('rollback to savepoint admin_change');
    throw await overlapConflict(tx, id, ending);
  }
}

/**
 * Confirms, declines or cancels a booking request. The database refuses a move its trigger does not
 * allow (409 with the moves that are allowed) and a confirmation that overlaps a confirmed stay (409
 * naming it). Asking for the status a request already has changes nothing and succeeds, so a double
 * click is harmless.
 */
export async function changeStatus(
  visitor: Visitor,
  collectionName: string | undefined,
  rawId: string | undefined,
  body: unknown,
) {
  const caller = callerFor(visitor);
  const collection = requireCollection(collectionName);
  if (collection.name !== 'booking-requests') {
    throw new HttpError(
      405,
      'method_not_allowed',
      `${collection.label} have no status to change.`,
      undefined,
      {
        allow: 'GET, DELETE',
      },
    );
  }
  const id = requireId(collection, rawId);
  const { status } = validate(statusChangeSchema, body);
  const item = await withCaller(caller, async (tx) => {
    const current = await selectForChange(tx, collection, id);
    if (!current) throw notFound(collection);
    if (current.status !== status) {
      if (current.deleted) {
        throw new HttpError(
          409,
          'conflict',
          'This booking request is in the trash; restore it before changing its status.',
        );
      }
      try {
        await refusingOverlaps(tx, id, '.', () => updateBookingStatus(tx, id, status));
      } catch (error) {
        if (pgCode(error) === '23514' && pgConstraint(error) === 'booking_requests_status_transition') {
          throw new HttpError(409, 'conflict', describeRefusedMove(current.status ?? '', status));
        }
        throw error;
      }
    }
    return selectDetail(tx, collection, id);
  });
  const [named] = await withPropertyNames(collection, item ? [item] : []);
  return { item: named };
}

/**
 * Moves a row into the trash or out of it. Asking for the state a row already has changes nothing and
 * succeeds, so a double click is harmless.
 */
async function setDeleted(
  visitor: Visitor,
  collectionName: string | undefined,
  rawId: string | undefined,
  deleted: boolean,
) {
  const { caller, collection, id } = targetItem(visitor, collectionName, rawId);
  const item = await withCaller(caller, async (tx) => {
    const current = await selectForChange(tx, collection, id);
    if (!current) throw notFound(collection);
    if (current.deleted !== deleted) {
      const change = () => updateDeleted(tx, collection, id, deleted);
      // Only a restore can bring back a confirmed stay that now overlaps another.
      if (deleted) await change();
      else await refusingOverlaps(tx, id, '; cancel that booking first to restore this one.', change);
    }
    return selectDetail(tx, collection, id);
  });
  const [named] = await withPropertyNames(collection, item ? [item] : []);
  return { item: named };
}

/** Moves a row to the trash (deleted_at), from where Restore brings it back within 30 days. */
export function moveToTrash(visitor: Visitor, collectionName: string | undefined, rawId: string | undefined) {
  return setDeleted(visitor, collectionName, rawId, true);
}

/**
 * Brings a row back from the trash. A confirmed booking whose dates a newer confirmed stay now holds
 * cannot come back: the overlap constraint refuses it (409 naming that stay).
 */
export function restoreFromTrash(
  visitor: Visitor,
  collectionName: string | undefined,
  rawId: string | undefined,
) {
  return setDeleted(visitor, collectionName, rawId, false);
}
