import { useEffect, useRef, useState } from 'react';
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
  const [changing, setChanging] = useState<StatusChange | null>(null);
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState('');
  const sending = useRef(false);
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

  async function change(status: StatusChange) {
    if (sending.current) return;
    sending.current = true;
    setChanging(status);
    setDone('');
    setRefusal('');
    const answer = await requestJson(adminItemRoute(collection, id), itemAnswerSchema, {
      method: 'PATCH',
      body: { status },
    });
    sending.current = false;
    setChanging(null);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setRefusal(answer.message);
      return;
    }
    setDone(describeChange?.(status) ?? '');
    onChanged(answer.data.item);
    // The history gains the change just made; a failed reload keeps the detail as it is.
    const reloaded = await requestJson(adminItemRoute(collection, id), detailAnswerSchema);
    setDetail(
      reloaded.ok
        ? { status: 'loaded', ...reloaded.data }
        : {
            status: 'loaded',
            item: answer.data.item,
            history: detail.status === 'loaded' ? detail.history : [],
            emails: detail.status === 'loaded' ? detail.emails : [],
          },
    );
  }

  return { detail, change, changing, done, refusal };
}
