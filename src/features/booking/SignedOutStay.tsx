import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import type { BookableProperty } from './booking-contract.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { previewStay } from './preview-stay.ts';
import { bookingReturnPath, SignInNeeded } from './SignInNeeded.tsx';

type Props = { properties: readonly BookableProperty[]; chosen: URLSearchParams };

/**
 * The booking page for a guest who is not signed in: the stay they chose on a property page, priced
 * as it will be stored, and the ways to sign in or register that bring them back to it, dates and all.
 */
export function SignedOutStay({ properties, chosen }: Props) {
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
      <div className="booking__main">
        <SignInNeeded next={bookingReturnPath(stay)} takeFocus={false} />
      </div>
      {property && quote && (
        <aside className="booking__chosen" aria-labelledby="chosen-title">
          <h2 id="chosen-title">{property.name}</h2>
          <p>
            {formatStayDate(stay.arrival)} to {formatStayDate(stay.departure)}
          </p>
          <PriceSummary quote={quote} guests={Number(stay.guests)} />
        </aside>
      )}
    </div>
  );
}
