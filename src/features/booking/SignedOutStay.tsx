import { useState } from 'react';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { hasSignedInHere } from '../auth/signed-in-here.ts';
import type { BookableProperty } from './booking-contract.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { previewStay } from './preview-stay.ts';
import { bookingReturnPath, SignInNeeded } from './SignInNeeded.tsx';

type Props = { properties: readonly BookableProperty[]; chosen: URLSearchParams };

/**
 * The booking page for a guest who is not signed in: first the stay they chose on a property page,
 * priced as it will be stored, then the ways to register or sign in that bring them back to it, dates
 * and all ("Create an account" first, unless this browser has been signed in before).
 */
export function SignedOutStay({ properties, chosen }: Props) {
  const [signedInBefore] = useState(hasSignedInHere);
  const stay = {
    property: chosen.get('property') ?? '',
    arrival: chosen.get('arrival') ?? '',
    departure: chosen.get('departure') ?? '',
    guests: chosen.get('guests') ?? '',
  };
  const property = properties.find((each) => each.slug === stay.property);
  // Today (and its time-zone formatter, costly on a slow phone) only when there is a stay to price.
  const quote = property && previewStay(stay, property, todayInKerala()).quote;
  return (
    <div className="booking booking--signed-out">
      {property && quote && (
        <section className="booking__chosen" aria-labelledby="chosen-title">
          <h2 id="chosen-title">{property.name}</h2>
          <p>
            {formatStayDate(stay.arrival)} to {formatStayDate(stay.departure)}
          </p>
          <PriceSummary quote={quote} guests={Number(stay.guests)} />
        </section>
      )}
      <div className="booking__main">
        <SignInNeeded next={bookingReturnPath(stay)} takeFocus={false} signedInBefore={signedInBefore} />
      </div>
    </div>
  );
}
