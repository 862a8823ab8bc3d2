import type { AdminRow } from './admin-fields.ts';
import { Modal } from './Modal.tsx';
import { nameOf } from './use-trash-actions.ts';

type Props = {
  row: AdminRow;
  label: string;
  noun: string;
  error: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  fallbackFocus: () => HTMLElement | null;
};

/** The real confirmation before a row goes to the trash, saying where it goes and for how long. */
export function DeleteDialog({
  row,
  label,
  noun,
  error,
  deleting,
  onCancel,
  onConfirm,
  fallbackFocus,
}: Props) {
  return (
    <Modal
      title={`Move this ${noun} to Trash?`}
      titleId="delete-title"
      onClose={onCancel}
      fallbackFocus={fallbackFocus}
    >
      <p>
        The {noun} from <strong>{nameOf(row)}</strong> leaves {label.toLowerCase()} and waits in Trash for 30
        days, where Restore brings it back.
      </p>
      {error && (
        <p className="form__message" role="alert">
          {error}
        </p>
      )}
      <div className="modal__buttons">
        <button className="button button--ghost" type="button" onClick={onCancel}>
          Cancel
        </button>
        <button className="button button--danger" type="button" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Moving…' : 'Move to Trash'}
        </button>
      </div>
    </Modal>
  );
}
