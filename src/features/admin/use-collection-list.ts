import { useCallback, useRef, useState } from 'react';
import { isSessionGone, requestJson } from '../api/client.ts';
import type { AdminRow } from './admin-fields.ts';
import { type ListFilters, listUrl } from './admin-query.ts';
import { type AdminCollectionName, type AdminView, adminCollections } from './collection-contract.ts';
import { defaultPageSize, listAnswerSchema, maxPageSize } from './list-query-contract.ts';

export type List =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; items: AdminRow[]; nextCursor: string | null };

export type LoadOptions = {
  filters: ListFilters;
  view: AdminView;
  collection: AdminCollectionName;
  /** Ask for as many rows as are shown, to refresh in place. */
  rows?: number;
  /** A refresh: it keeps the rows on screen while it asks, and keeps them if it fails. */
  quiet?: boolean;
};

type Options = {
  collection: AdminCollectionName;
  onSessionGone: () => void;
  onAnnounce: (text: string) => void;
  onProblem: (message: string) => void;
};

/**
 * The rows of the open list: its first page as the controls say, more pages on request, and rows
 * taken out or changed in place after an action. Only the latest request's answer is ever shown.
 */
export function useCollectionList({ collection, onSessionGone, onAnnounce, onProblem }: Options) {
  const [list, setList] = useState<List>({ status: 'loading' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);
  /** A load the admin asked for (not a quiet refresh) has not been answered yet. */
  const asked = useRef(false);
  const { noun } = adminCollections[collection];

  const load = useCallback(
    async (options: LoadOptions) => {
      const ticket = ++request.current;
      if (!options.quiet) {
        asked.current = true;
        setList({ status: 'loading' });
      }
      const limit = options.rows ? Math.min(Math.max(options.rows, defaultPageSize), maxPageSize) : undefined;
      const answer = await requestJson(
        listUrl(options.collection, options.filters, options.view, { limit }),
        listAnswerSchema,
      );
      // A later request has been sent since: its answer, not this one, is what the controls say.
      if (ticket !== request.current) return;
      if (isSessionGone(answer)) return onSessionGone();
      // A quiet refresh sent after the admin's own search answers for it: it must still say so.
      const answersTheAdmin = asked.current;
      if (!answer.ok) {
        if (!answersTheAdmin) return;
        asked.current = false;
        setFieldErrors(answer.fields);
        setList({ status: 'failed', message: answer.message });
        return;
      }
      asked.current = false;
      setFieldErrors({});
      setList({ status: 'loaded', items: answer.data.items, nextCursor: answer.data.nextCursor });
      if (answersTheAdmin) {
        const count = answer.data.items.length;
        const more = answer.data.nextCursor ? ' or more' : '';
        onAnnounce(
          `${count === 0 ? 'No' : count}${more} ${count === 1 ? noun : `${noun}s`}${options.view === 'trash' ? ' in Trash' : ''} shown.`,
        );
      }
    },
    [onSessionGone, onAnnounce, noun],
  );

  async function loadMore(filters: ListFilters, view: AdminView) {
    if (list.status !== 'loaded' || !list.nextCursor || loadingMore) return;
    setLoadingMore(true);
    const ticket = ++request.current;
    const answer = await requestJson(
      listUrl(collection, filters, view, { cursor: list.nextCursor }),
      listAnswerSchema,
    );
    setLoadingMore(false);
    if (ticket !== request.current) return;
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      onProblem(answer.message);
      return;
    }
    setList({
      status: 'loaded',
      items: [...list.items, ...answer.data.items],
      nextCursor: answer.data.nextCursor,
    });
    onAnnounce(`${answer.data.items.length} more ${noun}s shown.`);
  }

  function removeRow(id: string) {
    setList((current) =>
      current.status === 'loaded'
        ? { ...current, items: current.items.filter((row) => row.id !== id) }
        : current,
    );
  }

  function replaceRow(item: AdminRow) {
    setList((current) =>
      current.status === 'loaded'
        ? { ...current, items: current.items.map((row) => (row.id === item.id ? { ...row, ...item } : row)) }
        : current,
    );
  }

  return { list, fieldErrors, setFieldErrors, load, loadMore, loadingMore, removeRow, replaceRow };
}
