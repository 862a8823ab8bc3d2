import { useEffect, useOptimistic, useState, useTransition } from 'react';
import { adminItemReadRoute, adminItemRoute } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import type { AdminRow, HistoryEntry, StatusChange } from './admin-fields.ts';
import { type AdminCollectionName, adminCollections } from './collection-contract.ts';
import type { EmailDelivery } from './email-delivery-contract.ts';
import { detailAnswerSchema, itemAnswerSchema } from './item-contract.ts';

export type Detail =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; item: AdminRow; history: HistoryEntry[]; emails: EmailDelivery[] };

type Options = {
  collection: AdminCollectionName;
  id: string;
  /** A status change the server accepted, for the table to show at once. */
  onChanged: (item: AdminRow) => void;
  onSessionGone: () => void;
  /** What to say once a status change is accepted, from the collection's own parts of the detail. */
  describeChange?: (status: StatusChange) => string;
};

/**
 * One opened row: loaded once (after marking it read, for a collection that marks rows read on open)
 * and reloaded after a status change, so its history shows the change just made.
 */
export function useItemDetail({ collection, id, onChanged, onSessionGone, describeChange }: Options) {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  // The status asked for while its change is in flight (its button busy, the others disabled): an
  // optimistic value, which React itself sets back to none when the change's action ends, however it ends.
  const [changing, setChanging] = useOptimistic<StatusChange | null>(null);
  const [, startChange] = useTransition();
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState('');
  const { marksReadOnOpen } = adminCollections[collection];

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opened row
  useEffect(() => {
    let current = true;
    // Marked read first, so the detail shows when it was first opened; a failed mark still shows the row.
    // A collection that stops counting a row as new some other way has nothing to mark.
    const markRead = marksReadOnOpen
      ? requestJson(adminItemReadRoute(collection, id), itemAnswerSchema, { method: 'POST' })
      : Promise.resolve();
    void markRead
      .then(() => requestJson(adminItemRoute(collection, id), detailAnswerSchema))
      .then((answer) => {
        if (!current) return;
        if (isSessionGone(answer)) return onSessionGone();
        setDetail(
          answer.ok ? { status: 'loaded', ...answer.data } : { status: 'failed', message: answer.message },
        );
      });
    return () => {
      current = false;
    };
  }, [collection, id]);

  function change(status: StatusChange) {
    if (changing) return;
    startChange(async () => {
      setChanging(status);
      setDone('');
      setRefusal('');
      const answer = await requestJson(adminItemRoute(collection, id), itemAnswerSchema, {
        method: 'PATCH',
        body: { status },
      });
      if (isSessionGone(answer)) return onSessionGone();
      if (!answer.ok) {
        setRefusal(answer.message);
        return;
      }
      setDone(describeChange?.(status) ?? '');
      onChanged(answer.data.item);
      // The history gains the change just made; a failed reload keeps the detail as it is.
      const reloaded = await requestJson(adminItemRoute(collection, id), detailAnswerSchema);
      setDetail((shown) =>
        reloaded.ok
          ? { status: 'loaded', ...reloaded.data }
          : {
              status: 'loaded',
              item: answer.data.item,
              history: shown.status === 'loaded' ? shown.history : [],
              emails: shown.status === 'loaded' ? shown.emails : [],
            },
      );
    });
  }

  /**
   * Loads the row again, with its history, after a change a collection's part sent itself (a sales
   * stage move, a home marked sold), so the history shows it at once; a failed reload keeps the detail.
   */
  function reload() {
    void requestJson(adminItemRoute(collection, id), detailAnswerSchema).then((reloaded) => {
      if (isSessionGone(reloaded)) return onSessionGone();
      if (!reloaded.ok) return;
      setDetail({ status: 'loaded', ...reloaded.data });
      onChanged(reloaded.data.item);
    });
  }

  /** Shows the row as a change outside the status (marked answered) left it. */
  function replaceItem(item: AdminRow) {
    setDetail((shown) => (shown.status === 'loaded' ? { ...shown, item } : shown));
    onChanged(item);
  }

  return { detail, change, changing, done, refusal, replaceItem, reload };
}
