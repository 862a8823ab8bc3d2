import { propertyPath } from '../../lib/paths.ts';
import type { AvailabilityState } from '../availability/use-availability.ts';
import type { BookableProperty } from './booking-contract.ts';
import { StayPicker } from './StayPicker.tsx';
import { describePicking, type PickedStay, pickDay } from './stay-picking.ts';

type Props = {
  property: BookableProperty | undefined;
  availability: AvailabilityState;
  stay: PickedStay;
  today: string;
  /** Sets the form's arrival and departure to a stay chosen on the calendar. */
  onChoose: (stay: PickedStay, announcement: string) => void;
  announcement: string;
};

/**
 * Beside the form: the chosen property's calendar, on which the dates can be chosen too, opened at the
 * chosen month with the stay drawn in.
 */
export function StayCalendar({ property, availability, stay, today, onChoose, announcement }: Props) {
  return (
    <aside className="booking__calendar" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{property ? `When ${property.name} is free` : 'Availability'}</h2>
      {property ? (
        <>
          <p className="booking-panel__how">Press your arrival day, then your departure day.</p>
          <div className="availability-slot">
            {availability.status === 'loaded' ? (
              <StayPicker
                stays={availability.stays}
                picked={stay}
                rules={{ today, minNights: property.minNights, seasons: property.seasons }}
                onPick={(date) => {
                  const rules = { today, minNights: property.minNights, seasons: property.seasons };
                  const next = pickDay(date, stay, availability.stays, rules);
                  onChoose(next, describePicking(next, rules));
                }}
              />
            ) : (
              <p className="availability__quiet">
                {availability.status === 'failed'
                  ? 'We could not load the calendar just now. Every request is still checked against confirmed bookings.'
                  : 'Loading the calendar…'}
              </p>
            )}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          <p>
            <a href={propertyPath(property.kind, property.slug)}>More about {property.name}</a>
          </p>
        </>
      ) : (
        <p className="availability__quiet">Choose a villa or apartment to see its calendar.</p>
      )}
    </aside>
  );
}
