import { type ReactNode, useEffect, useRef } from 'react';

type Props = {
  heading: string;
  /** `problem` for an answer the guest must act on (an expired link), `success` otherwise. */
  tone?: 'success' | 'problem' | 'neutral';
  /** Take focus when shown, so a screen reader reads what happened; off for a page's first view. */
  takeFocus?: boolean;
  children: ReactNode;
};

/** What replaces a form once the server has answered. */
export function OutcomePanel({ heading, tone = 'success', takeFocus = true, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div className={`outcome outcome--${tone}`} role="status" tabIndex={-1} ref={ref}>
      <h2>{heading}</h2>
      {children}
    </div>
  );
}
