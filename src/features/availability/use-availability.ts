import { useEffect, useState } from 'react';
import { isIsoDate } from '../../lib/dates.ts';
import type { BookedStay } from './calendar.ts';

/**
 * The confirmed stays in a `GET /api/availability?property=` answer (`{ property, confirmed }`), or
 * null for anything else. Checked by hand rather than with zod: property pages load this island, and
 * zod would more than double their script.
 */
export function readConfirmedStays(answer: unknown): BookedStay[] | null {
  const confirmed = (answer as { confirmed?: unknown } | null)?.confirmed;
  if (!Array.isArray(confirmed)) return null;
  const stays = confirmed.map((stay: unknown) => {
    const { arrival, departure } = (stay ?? {}) as Record<string, unknown>;
    return typeof arrival === 'string' &&
      typeof departure === 'string' &&
      isIsoDate(arrival) &&
      isIsoDate(departure)
      ? { arrival, departure }
      : null;
  });
  return stays.every((stay) => stay !== null) ? stays : null;
}

export type AvailabilityState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; property: string; stays: BookedStay[] }
  | { status: 'failed' };

/**
 * The availability route with its query. Written here rather than imported from `src/lib/api-contract.ts`,
 * whose error schema would bring zod onto every property page; a test holds it equal to the contract.
 */
export const availabilityPath = (property: string) =>
  `/api/availability?${new URLSearchParams({ property })}`;

/** The confirmed stays of `property`, fetched again whenever it changes; idle without one. */
export function useAvailability(property: string | undefined): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ status: 'idle' });
  useEffect(() => {
    if (!property) {
      setState({ status: 'idle' });
      return;
    }
    // An answer for a property the guest has since changed away from must not be shown.
    let current = true;
    setState({ status: 'loading' });
    fetch(availabilityPath(property), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        const stays = readConfirmedStays(response.ok ? await response.json() : null);
        if (current) setState(stays ? { status: 'loaded', property, stays } : { status: 'failed' });
      })
      .catch(() => {
        if (current) setState({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [property]);
  return state;
}
