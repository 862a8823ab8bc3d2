import { AnsweredToggle } from './AnsweredToggle.tsx';
import {
  type AdminRow,
  describeHistoryEntry,
  formatField,
  formatOfficeTime,
  type Lookups,
  labelField,
  listDetailFields,
} from './admin-fields.ts';
import {
  type AdminCollectionFacts,
  type AdminCollectionName,
  adminCollections,
} from './collection-contract.ts';
import { type DetailPartProps, detailExtensions } from './detail-extensions.ts';
import { Modal } from './Modal.tsx';
import { useItemDetail } from './use-item-detail.ts';

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

/**
 * One row in full, every field as text, with its history, and the parts its collection adds
 * (`detail-extensions.ts`: a booking request's status changes, payments, notes and emails). Opening a
 * form row marks it read with a POST (a GET changes nothing).
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
  const { Actions, Sections, Records, describeChange } = detailExtensions[collection] ?? {};
  const { detail, change, changing, done, refusal, replaceItem, reload } = useItemDetail({
    collection,
    id,
    onChanged,
    onSessionGone,
    describeChange,
  });
  const { noun } = adminCollections[collection];
  const { answerable } = adminCollections[collection] as AdminCollectionFacts;

  const title = detail.status === 'loaded' ? describeItem(noun, detail.item) : capitalise(noun);
  const part: DetailPartProps | undefined =
    detail.status === 'loaded'
      ? {
          id,
          item: detail.item,
          emails: detail.emails,
          inTrash,
          changing,
          change,
          onSessionGone,
          reload,
          lookups,
        }
      : undefined;

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
      {detail.status === 'loaded' && part && (
        <>
          {Actions && <Actions {...part} />}
          {answerable && !inTrash && (
            <AnsweredToggle
              collection={collection}
              item={detail.item}
              onAnswered={replaceItem}
              onSessionGone={onSessionGone}
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
            {listDetailFields(detail.item, lookups).map(([key, value]) => (
              <div key={key}>
                <dt>{labelField(key)}</dt>
                <dd>{formatField(key, value, lookups)}</dd>
              </div>
            ))}
          </dl>
          {Sections && <Sections {...part} />}
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
          {Records && <Records {...part} />}
        </>
      )}
    </Modal>
  );
}

/** "Booking request from Asha Nair"; the reference the office quotes is the detail's first field. */
function describeItem(noun: string, item: AdminRow): string {
  const from = item.name || item.email;
  return `${capitalise(noun)}${from ? ` from ${String(from)}` : ''}`;
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
