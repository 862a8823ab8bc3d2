import { type ReactNode, useEffect, useRef } from 'react';

type Props = {
  /** Shown as the dialog's heading and its accessible name. */
  title: string;
  titleId: string;
  onClose: () => void;
  /** Where focus goes when the element that opened the dialog has left the page (a deleted row). */
  fallbackFocus?: () => HTMLElement | null;
  className?: string;
  children: ReactNode;
};

/**
 * A modal `<dialog>`, open while it is rendered. `showModal` gives the focus trap, Escape and an
 * inert page for free; focus goes back to whatever opened it, or to `fallbackFocus` when that is gone.
 */
export function Modal({ title, titleId, onClose, fallbackFocus, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const fallbackRef = useRef(fallbackFocus);
  fallbackRef.current = fallbackFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Escape closes the dialog natively; the parent must hear of it to stop rendering it.
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : fallbackRef.current?.();
      target?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
