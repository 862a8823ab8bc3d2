import { useRef } from 'react';
import { isIsoDate } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { type BookedStay, overlapsBookedStay } from '../availability/calendar.ts';
import type { AvailabilityState } from '../availability/use-availability.ts';

const overlapMessage = 'These dates overlap a booked stay: choose dates that are free in the calendar';

export type ChosenStay = { property: string; arrival: string; departure: string };

/** Whether a stay names two real dates, departure after arrival: only then can it be drawn or checked. */
export const isWholeStay = (stay: ChosenStay) =>
  isIsoDate(stay.arrival) && isIsoDate(stay.departure) && stay.arrival < stay.departure;

/**
 * A check of a stay against the chosen property's calendar. The form's submit check is created before
 * the calendar is fetched (which property to fetch depends on the form's state) and must see the latest
 * calendar, so a ref carries it back: `follow` it on every render.
 */
export function useOverlapCheck(): {
  findOverlap: (stay: ChosenStay) => FieldErrors;
  follow: (availability: AvailabilityState) => void;
} {
  const bookedStays = useRef<{ property: string; stays: BookedStay[] } | null>(null);
  const findOverlap = (stay: ChosenStay): FieldErrors => {
    const known = bookedStays.current;
    return isWholeStay(stay) && known?.property === stay.property && overlapsBookedStay(stay, known.stays)
      ? { arrival: overlapMessage }
      : {};
  };
  const follow = (availability: AvailabilityState) => {
    bookedStays.current =
      availability.status === 'loaded'
        ? { property: availability.property, stays: availability.stays }
        : null;
  };
  return { findOverlap, follow };
}
