import type { DetailAnswer, ItemAnswer } from '../../features/admin/item-contract.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { withCaller } from '../db/database.ts';
import { deliverQueuedEmails } from '../email/delivery.ts';
import { itemNotFound, nameItem, withPropertyNames } from './admin-access.ts';
import { markRead, selectDetail, selectHistory, updateAnswered } from './admin-repository.ts';
import type { Collection, StatusMove } from './collections.ts';

/** One row of the dashboard: its detail, marking it read, and a change of its status. */

/**
 * A row in full, in the trash or not, with what the audit log recorded about it and, for a collection
 * whose rows have emails (booking requests), how each email about it went. Reading changes nothing: a GET can come from a link on
 * another site, so marking read is `markItemRead`, a POST.
 */
export async function showItem(visitor: Visitor, collection: Collection, id: string): Promise<DetailAnswer> {
  const found = await withCaller(callerFor(visitor), async (tx) => {
    const item = await selectDetail(tx, collection, id);
    if (!item) return undefined;
    const history = await selectHistory(tx, collection, id);
    const emails = collection.listEmails ? await collection.listEmails(tx, id) : [];
    return { item, history, emails };
  });
  if (!found) throw itemNotFound(collection);
  const [item] = await withPropertyNames(collection, [found.item]);
  return { item: item ?? found.item, history: found.history, emails: found.emails };
}

/**
 * Marks a form row read the first time the office opens it, so it stops counting as new; the
 * dashboard sends it as it opens a row. Later opens keep the first time. Booking requests stop being
 * new by their status, so for them this only answers the row.
 */
export async function markItemRead(
  visitor: Visitor,
  collection: Collection,
  id: string,
): Promise<ItemAnswer> {
  const item = await withCaller(callerFor(visitor), async (tx) => {
    if (collection.marksReadOnOpen) await markRead(tx, collection, id);
    return selectDetail(tx, collection, id);
  });
  return nameItem(collection, item);
}

/**
 * Marks a form row answered (by this admin, now) or not answered, for a collection that offers it; an
 * answered row stops counting as new. Answers the row as it now stands.
 */
export async function markItemAnswered(
  visitor: Visitor,
  collection: Collection,
  id: string,
  answered: boolean,
): Promise<ItemAnswer> {
  const item = await withCaller(callerFor(visitor), async (tx) => {
    if (!(await updateAnswered(tx, collection, id, answered))) return undefined;
    return selectDetail(tx, collection, id);
  });
  return nameItem(collection, item);
}

/**
 * Moves a row to a new status, for a collection whose rows have one (a booking request: confirmed,
 * declined, cancelled), and sends the emails the move queued once it has committed. The domain's
 * service decides and refuses in its own words; the answer is the row as it now stands.
 */
export async function changeItemStatus(
  visitor: Visitor,
  collection: Collection,
  id: string,
  move: StatusMove,
): Promise<ItemAnswer> {
  const { item, emails } = await withCaller(callerFor(visitor), async (tx) => {
    const emails = await move(tx, id);
    if (!emails) throw itemNotFound(collection);
    return { item: await selectDetail(tx, collection, id), emails };
  });
  // A mail server that is down leaves the email queued for the worker; the change stands either way.
  await deliverQueuedEmails(emails);
  return nameItem(collection, item);
}
