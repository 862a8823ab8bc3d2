import { useState } from 'react';
import { adminItemRestoreRoute, adminItemRoute } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import type { AdminRow } from './admin-fields.ts';
import { type AdminCollectionName, adminCollections } from './collection-contract.ts';
import { itemAnswerSchema } from './item-contract.ts';

type Options = {
  collection: AdminCollectionName;
  onSessionGone: () => void;
  onAnnounce: (text: string) => void;
  onProblem: (message: string) => void;
  /** A row that left the list: moved to the trash, or restored out of it. */
  onRemoved: (id: string) => void;
  /** Where focus goes once a restored row has left the trash's table. */
  onRestored: () => void;
};

/** The name a message gives a row's sender. */
export const nameOf = (row: AdminRow) => String(row.name || row.email || 'someone');

/**
 * Moving a row to the trash, after the admin confirms it in a dialog (`pendingDelete` is the row
 * asked about), and restoring one from the trash.
 */
export function useTrashActions({
  collection,
  onSessionGone,
  onAnnounce,
  onProblem,
  onRemoved,
  onRestored,
}: Options) {
  const [pendingDelete, setPendingDelete] = useState<AdminRow | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const { label, noun } = adminCollections[collection];

  function askToDelete(row: AdminRow) {
    setDeleteError('');
    setPendingDelete(row);
  }

  async function confirmDelete() {
    if (!pendingDelete || deleting) return;
    setDeleting(true);
    setDeleteError('');
    const answer = await requestJson(adminItemRoute(collection, pendingDelete.id), itemAnswerSchema, {
      method: 'DELETE',
    });
    setDeleting(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setDeleteError(answer.message);
      return;
    }
    onRemoved(pendingDelete.id);
    onAnnounce(
      `The ${noun} from ${nameOf(pendingDelete)} is in Trash. Restore it from there within 30 days.`,
    );
    setPendingDelete(null);
  }

  async function restore(row: AdminRow) {
    onProblem('');
    const answer = await requestJson(adminItemRestoreRoute(collection, row.id), itemAnswerSchema, {
      method: 'POST',
    });
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      onProblem(answer.message);
      return;
    }
    onRemoved(row.id);
    onRestored();
    onAnnounce(`The ${noun} from ${nameOf(row)} is restored to ${label.toLowerCase()}.`);
  }

  const cancelDelete = () => setPendingDelete(null);

  return { pendingDelete, deleteError, deleting, askToDelete, confirmDelete, cancelDelete, restore };
}
