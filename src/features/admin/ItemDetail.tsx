import { useEffect, useRef, useState } from 'react';
import { adminItemReadRoute, adminItemRoute } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  type AdminCollectionName,
  adminCollections,
  detailAnswerSchema,
  type EmailDelivery,
  itemAnswerSchema,
} from './admin-contract.ts';
import {
  type AdminRow,
  describeHistoryEntry,
  formatField,
  formatOfficeTime,
  type HistoryEntry,
  type Lookups,
  labelField,
  listDetailFields,
  listStatusChanges,
  type StatusChange,
  statusChangeLabels,
} from './admin-fields.ts';
import { describeDelivery, nameEmail } from './email-delivery.ts';
import { Modal } from './Modal.tsx';

type Props = {
  collection: AdminCollectionName;
  id: string;
  inTrash: boolean;
  lookups: Lookups;
  onClose: () => void;
  /** A status change the server accepted, for the table to show at once. */
  onChanged: (item: AdminRow) => void;
  onSessionGone: () => void;
  fallbackFocus: () => HTMLElement | null;
};

type Detail =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; item: AdminRow; history: HistoryEntry[]; emails: EmailDelivery[] };

const changeDone: Record<StatusChange, string> = {
  confirmed: 'Booking confirmed.',
  declined: 'Booking declined.',
  cancelled: 'Booking cancelled.',
};

/**
 * One row in full, every field as text, with its history; a booking request also gets the status
 * changes its status allows. Opening a form row marks it read with a POST (a GET changes nothing).
 */
export function ItemDetail({
  collection,
  id,
  inTrash,
  lookups,
  onClose,
  onChanged,
  onSessionGone,
  fallbackFocus,
}: Props) {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  const [changing, setChanging] = useState<StatusChange | null>(null);
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState('');
  const sending = useRef(false);
  const { noun, marksReadOnOpen } = adminCollections[collection];

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
    setDone(changeDone[status]);
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

  const title =
    detail.status === 'loaded'
      ? `${capitalise(noun)} from ${String(detail.item.name ?? detail.item.email ?? '')}`
      : capitalise(noun);

  return (
    <Modal
      title={title}
      titleId="item-detail-title"
      onClose={onClose}
      fallbackFocus={fallbackFocus}
      className="modal--wide"
    >
      <button className="button button--ghost modal__close" type="button" onClick={onClose}>
        Close
      </button>
      {detail.status === 'loading' && <p role="status">Loading the {noun}…</p>}
      {detail.status === 'failed' && (
        <p className="form__message" role="alert">
          {detail.message}
        </p>
      )}
      {detail.status === 'loaded' && (
        <>
          {collection === 'booking-requests' && (
            <StatusActions
              statuses={listStatusChanges(detail.item.status, inTrash || Boolean(detail.item.deletedAt))}
              changing={changing}
              onChange={change}
            />
          )}
          <p className="admin-detail__done" role="status">
            {done}
          </p>
          {refusal && (
            <p className="form__message" role="alert">
              {refusal}
            </p>
          )}
          <dl className="admin-detail__fields">
            {listDetailFields(detail.item).map(([key, value]) => (
              <div key={key}>
                <dt>{labelField(key)}</dt>
                <dd>{formatField(key, value, lookups)}</dd>
              </div>
            ))}
          </dl>
          <h3>History</h3>
          {detail.history.length === 0 ? (
            <p>No status changes or deletions yet.</p>
          ) : (
            <ol className="admin-detail__history">
              {detail.history.map((entry) => (
                <li key={`${entry.at}-${entry.action}-${entry.newStatus ?? ''}`}>
                  <time dateTime={entry.at}>{formatOfficeTime(entry.at)}</time>: {describeHistoryEntry(entry)}
                </li>
              ))}
            </ol>
          )}
          {collection === 'booking-requests' && (
            <>
              <h3>Emails</h3>
              {detail.emails.length === 0 ? (
                <p>No emails about this booking request.</p>
              ) : (
                <ul className="admin-detail__history">
                  {detail.emails.map((email) => (
                    <li key={email.id}>
                      {nameEmail(email)}: {describeDelivery(email)}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </Modal>
  );
}

/** Moves that end a booking request for good: the office is asked once more before they happen. */
const finalMoves: Partial<Record<StatusChange, string>> = {
  declined: 'Decline this booking request? The guest is told no, and it cannot be undone.',
  cancelled: 'Cancel this confirmed booking? Its dates become free again, and it cannot be undone.',
};

function StatusActions({
  statuses,
  changing,
  onChange,
}: {
  statuses: StatusChange[];
  changing: StatusChange | null;
  onChange: (status: StatusChange) => void;
}) {
  const [asking, setAsking] = useState<StatusChange | null>(null);
  if (statuses.length === 0) return <p>This booking request can no longer change status.</p>;
  const question = asking ? finalMoves[asking] : undefined;
  if (asking && question) {
    return (
      <fieldset className="admin-detail__question">
        <legend>{question}</legend>
        <div className="admin-detail__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setAsking(null);
              onChange(asking);
            }}
          >
            Yes, {statusChangeLabels[asking].toLowerCase()}
          </button>
          {/* The safe answer takes focus, so Enter pressed in a hurry changes nothing. */}
          {/* biome-ignore lint/a11y/noAutofocus: focus belongs on the question just asked */}
          <button type="button" className="button button--ghost" autoFocus onClick={() => setAsking(null)}>
            Keep it as it is
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <div className="admin-detail__actions">
      {statuses.map((status) => (
        <button
          key={status}
          type="button"
          className={status === 'confirmed' ? 'button button--primary' : 'button button--ghost'}
          disabled={changing !== null}
          aria-busy={changing === status}
          onClick={() => (finalMoves[status] ? setAsking(status) : onChange(status))}
        >
          {statusChangeLabels[status]}
        </button>
      ))}
    </div>
  );
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
