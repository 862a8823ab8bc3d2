import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { addDays, isIsoDate } from '../../lib/dates.ts';
import { describeMinimumStayFor, describeMinimumStays } from '../../lib/seasons.ts';
import { bookingHorizonDays } from '../../lib/stay-rules.ts';
import type { SchemaForm } from '../forms/use-schema-form.ts';
import type { BookableProperty } from './booking-contract.ts';

const discountHint = `Exactly ${bookingTerms.discountedGuestCount === 2 ? 'two' : bookingTerms.discountedGuestCount} guests get ${bookingTerms.discountPercent}% off.`;

type Props = {
  properties: readonly BookableProperty[];
  /** The property chosen so far, if any: its limits become the fields' hints. */
  property: BookableProperty | undefined;
  arrival: string;
  today: string;
  fieldProps: SchemaForm['fieldProps'];
  /** The message a field shows: the server's or the submit check's first, else the live stay rules'. */
  errorOf: (name: string) => string | undefined;
};

/** The stay part of the booking form: which property, the dates and the number of guests. */
export function StayFields({ properties, property, arrival, today, fieldProps, errorOf }: Props) {
  const options = properties.map((each) => ({
    value: each.slug,
    label: `${each.name} (${each.kind === 'villas' ? 'villa' : 'apartment'}, sleeps ${each.sleeps})`,
  }));
  const lastArrival = addDays(today, bookingHorizonDays);
  return (
    <fieldset className="booking__group">
      <legend>Your stay</legend>
      <SelectField
        {...fieldProps('property')}
        error={errorOf('property')}
        label="Villa or apartment"
        placeholder="Choose a villa or apartment"
        options={options}
        required
      />
      <div className="booking__dates">
        <TextField
          {...fieldProps('arrival')}
          type="date"
          required
          error={errorOf('arrival')}
          label="Arrival"
          min={today}
          max={lastArrival}
        />
        <TextField
          {...fieldProps('departure')}
          type="date"
          required
          error={errorOf('departure')}
          label="Departure"
          min={isIsoDate(arrival) ? addDays(arrival, 1) : addDays(today, 1)}
          max={addDays(lastArrival, 90)}
          {...(property
            ? {
                hint: isIsoDate(arrival)
                  ? describeMinimumStayFor({ arrival, departure: '' }, property)
                  : `At least ${describeMinimumStays(property)}`,
              }
            : {})}
        />
      </div>
      <TextField
        {...fieldProps('guests')}
        error={errorOf('guests')}
        label="Guests"
        inputMode="numeric"
        hint={`${property ? `${property.name} sleeps up to ${property.sleeps}. ` : ''}${discountHint}`}
        required
        maxLength={2}
      />
    </fieldset>
  );
}
