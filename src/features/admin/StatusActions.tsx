import { useEffect, useRef, useState } from 'react';
import { type StatusChange, statusChangeLabels } from './admin-fields.ts';

/** Moves that end a booking request for good: the office is asked once more before they happen. */
const finalMoves: Partial<Record<StatusChange, string>> = {
  declined: 'Decline this booking request? The guest is told no, and it cannot be undone.',
  cancelled: 'Cancel this confirmed booking? Its dates become free again, and it cannot be undone.',
};

/** The status changes a booking request allows now, each a button; final ones ask once more. */
export function StatusActions({
  statuses,
  changing,
  onChange,
}: {
  statuses: StatusChange[];
  changing: StatusChange | null;
  onChange: (status: StatusChange) => void;
}) {
  const [asking, setAsking] = useState<StatusChange | null>(null);
  const safeAnswer = useRef<HTMLButtonElement>(null);
  // The safe answer takes focus, so Enter pressed in a hurry changes nothing. Focused from an effect,
  // not `autoFocus`: that attribute acts only when a page loads, and this question appears later.
  useEffect(() => {
    if (asking) safeAnswer.current?.focus();
  }, [asking]);
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
          <button
            type="button"
            className="button button--ghost"
            ref={safeAnswer}
            onClick={() => setAsking(null)}
          >
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
