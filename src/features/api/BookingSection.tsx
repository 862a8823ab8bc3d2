import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { isSessionGone, requestJson } from './client.ts';

/** A section of an opened booking while its data comes: loading, the server's refusal, or the data. */
export type BookingSection<Data> =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; data: Data };

/**
 * Loads one section of an opened booking (its payments, its notes) once per booking, and lets the
 * section show what an action's answer brings back (`show`). An ended session goes to `onSessionGone`.
 */
export function useBookingSection<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  onSessionGone: () => void,
) {
  const [section, setSection] = useState<BookingSection<z.infer<Schema>>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opened booking (its url)
  useEffect(() => {
    let current = true;
    void requestJson(url, schema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      setSection(
        answer.ok ? { status: 'loaded', data: answer.data } : { status: 'failed', message: answer.message },
      );
    });
    return () => {
      current = false;
    };
  }, [url]);

  const show = (data: z.infer<Schema>) => setSection({ status: 'loaded', data });
  return { section, show };
}

/** The section's body: a line while it loads, the refusal as an alert, or what `children` makes of the data. */
export function BookingSectionBody<Data>({
  section,
  loading,
  children,
}: {
  section: BookingSection<Data>;
  loading: string;
  children: (data: Data) => ReactNode;
}) {
  if (section.status === 'loading') return <p>{loading}</p>;
  if (section.status === 'failed')
    return (
      <p className="form__message" role="alert">
        {section.message}
      </p>
    );
  return <>{children(section.data)}</>;
}
