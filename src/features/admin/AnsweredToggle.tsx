import { useState } from 'react';
import { adminItemAnsweredRoute } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import type { AdminRow } from './admin-fields.ts';
import type { AdminCollectionName } from './collection-contract.ts';
import { itemAnswerSchema } from './item-contract.ts';

type Props = {
  collection: AdminCollectionName;
  item: AdminRow;
  /** The row as the server now holds it, answered or not. */
  onAnswered: (item: AdminRow) => void;
  onSessionGone: () => void;
};

/**
 * A form row marked answered by the signed-in admin, or not answered again: an answered row no longer
 * counts as new, and the table tags it. Who and when are the server's (the database stamps them).
 */
export function AnsweredToggle({ collection, item, onAnswered, onSessionGone }: Props) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const answered = typeof item.answeredAt === 'string';

  async function toggle() {
    setSending(true);
    setProblem('');
    const answer = await requestJson(adminItemAnsweredRoute(collection, item.id), itemAnswerSchema, {
      method: answered ? 'DELETE' : 'PUT',
    });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) return setProblem(answer.message);
    onAnswered(answer.data.item);
  }

  return (
    <div className="admin-detail__actions">
      <button
        type="button"
        className={answered ? 'button button--ghost' : 'button button--primary'}
        disabled={sending}
        onClick={() => void toggle()}
      >
        {answered ? 'Mark not answered' : 'Mark answered'}
      </button>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
