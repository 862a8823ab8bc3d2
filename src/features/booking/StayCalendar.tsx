import { isIsoDate } from '../../lib/dates.ts';
import { propertyPath } from '../../lib/paths.ts';
import { AvailabilityView } from '../availability/AvailabilityView.tsx';
import type { AvailabilityState } from '../availability/use-availability.ts';
import type { BookableProperty } from './booking-contract.ts';
import { type ChosenStay, isWholeStay } from './use-overlap-check.ts';

type Props = {
  property: BookableProperty | undefined;
  availability: AvailabilityState;
  stay: ChosenStay;
  today: string;
};

/** Beside the form: the chosen property's calendar, opened at the arrival month with the stay drawn in. */
export function StayCalendar({ property, availability, stay, today }: Props) {
  return (
    <aside className="booking__calendar" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{property ? `When ${property.name} is free` : 'Availability'}</h2>
      {property ? (
        <>
          <div className="availability-slot">
            <AvailabilityView
              state={availability}
              today={today}
              month={isIsoDate(stay.arrival) ? stay.arrival.slice(0, 7) : undefined}
              chosen={isWholeStay(stay) ? stay : undefined}
            />
          </div>
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
