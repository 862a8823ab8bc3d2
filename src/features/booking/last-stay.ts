import { isIsoDate } from '../../lib/dates.ts';
import type { PickedStay } from './stay-picking.ts';

/**
 * The dates a guest last chose on this device, so the next property's calendar opens on their month
 * rather than on today's. Only dates are kept (nothing about the guest), in localStorage, and a stay
 * that has begun by `today` is forgotten.
 */

const key = 'kv-last-stay';

export function rememberStay(stay: PickedStay): void {
  if (!isIsoDate(stay.arrival)) return;
  try {
    localStorage.setItem(key, JSON.stringify({ arrival: stay.arrival, departure: stay.departure }));
  } catch {
    // Storage refused (private mode, full): the calendar then opens on today's month, as before.
  }
}

/** The arrival last chosen on this device, when it is still ahead of `today`. */
export function readRememberedArrival(today: string): string | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    const arrival =
      stored && typeof stored === 'object' && 'arrival' in stored ? String(stored.arrival) : undefined;
    return arrival && isIsoDate(arrival) && arrival > today ? arrival : undefined;
  } catch {
    return undefined;
  }
}
