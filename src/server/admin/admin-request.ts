import { listQuerySchema } from '../../features/admin/list-query-contract.ts';
import type { EdgeContext } from '../http/edge-context.ts';
import { HttpError } from '../http/responses.ts';
import { isUuid } from '../http/uuid.ts';
import { validate } from '../http/validate.ts';
import { Refusal } from '../refusal.ts';
import { itemNotFound } from './admin-access.ts';
import { type Collection, findCollection, type StatusMove } from './collections.ts';
import { type ListQuery, readListQuery } from './list-query.ts';

/**
 * What the admin functions read from a request before calling a service: the collection and row a
 * path names, a list's query string and a status change's body, each checked here so the services
 * receive only parsed values.
 */

/** The collection `:collection` names; an unknown name is a 404. */
export function readCollection({ params }: EdgeContext): Collection {
  const collection = findCollection(params.collection);
  if (!collection) throw new Refusal('not_found', 'The dashboard has no such list.');
  return collection;
}

/** The collection and row id a path names. A malformed id names nothing: a 404 like an unknown one. */
export function readItemTarget(context: EdgeContext): { collection: Collection; id: string } {
  const collection = readCollection(context);
  const id = context.params.id;
  if (!isUuid(id)) throw itemNotFound(collection);
  return { collection, id: id.toLowerCase() };
}

/**
 * The form row an "answered" mark is about. Only a collection the office answers by hand takes one
 * (booking requests are answered by their status): any other is a 404, as a list it does not have.
 */
export function readAnswerTarget(context: EdgeContext): { collection: Collection; id: string } {
  const target = readItemTarget(context);
  if (!target.collection.answerable) {
    throw new Refusal('not_found', `${target.collection.label} are not marked answered.`);
  }
  return target;
}

/** A list's or an export's collection and query, checked against what the collection offers. */
export function readListRequest(
  request: Request,
  context: EdgeContext,
): { collection: Collection; query: ListQuery } {
  const collection = readCollection(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const read = readListQuery(collection, validate(listQuerySchema, params));
  if ('errors' in read) throw new Refusal('invalid', 'Some filters need your attention.', read.errors);
  return { collection, query: read.query };
}

/**
 * The row a status change is about and the move it asks for, read by the row's domain. Only a
 * collection whose rows have a status (booking requests) takes one: any other answers 405 with the
 * methods its rows do take.
 */
export function readStatusChange(
  context: EdgeContext,
  body: unknown,
): { collection: Collection; id: string; move: StatusMove } {
  const collection = readCollection(context);
  if (!collection.readStatusMove) {
    throw new HttpError(
      405,
      'method_not_allowed',
      `${collection.label} have no status to change.`,
      undefined,
      { allow: 'GET, DELETE' },
    );
  }
  const { id } = readItemTarget(context);
  return { collection, id, move: collection.readStatusMove(body) };
}
