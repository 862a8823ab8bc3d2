import { isIsoDate } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { paths } from '../../lib/paths.ts';
import { defaultSearchGuests, instantOnlyValue, searchGuestChoices } from './search-contract.ts';

/** What the bar shows in its fields: the text as typed (a bad date stays as the guest wrote it). */
export type SearchBarValues = {
  arrival: string;
  departure: string;
  guests: string;
  instant: string;
  home: string;
};

type Props = {
  values?: Partial<SearchBarValues>;
  errors?: FieldErrors;
  /** The earliest arrival a date picker offers, `YYYY-MM-DD` (the server still checks it). */
  today: string;
  /** A heading for the bar's landmark, read out by screen readers: "Search by dates". */
  label?: string;
};

/**
 * The search by dates as a plain GET form: it works without JavaScript, and no script is shipped for
 * it. Astro renders it into the home page and the search page at build time; the search function
 * renders it again with what the guest typed and each field's message.
 */
export default function SearchBar({ values = {}, errors = {}, today, label = 'Search by dates' }: Props) {
  const guests = values.guests ?? String(defaultSearchGuests);
  const offered = searchGuestChoices.map(String);
  // A party size typed into the address that the list does not offer still shows as chosen.
  const choices = offered.includes(guests) || guests === '' ? offered : [...offered, guests];
  return (
    <search aria-label={label}>
      <form className="search-bar" method="get" action={paths.search}>
        {/* A search for one home (from its page) stays one when its dates change. */}
        {values.home && <input type="hidden" name="home" value={values.home} />}
        <DateField
          name="arrival"
          label="Arrival"
          value={values.arrival ?? ''}
          min={today}
          error={errors.arrival}
        />
        <DateField
          name="departure"
          label="Departure"
          value={values.departure ?? ''}
          min={today}
          error={errors.departure}
        />
        <div className={errors.guests ? 'search-bar__field search-bar__field--invalid' : 'search-bar__field'}>
          <label className="search-bar__label" htmlFor="search-guests">
            Guests
          </label>
          <select
            className="search-bar__control"
            id="search-guests"
            name="guests"
            defaultValue={guests}
            aria-invalid={errors.guests ? true : undefined}
            aria-describedby={errors.guests ? 'search-guests-error' : undefined}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
          {errors.guests && (
            <p className="search-bar__error" id="search-guests-error">
              {errors.guests}
            </p>
          )}
        </div>
        <div className="search-bar__field search-bar__field--check">
          <label className="search-bar__check">
            <input
              type="checkbox"
              name="instant"
              value={instantOnlyValue}
              defaultChecked={values.instant === instantOnlyValue}
            />{' '}
            Instant book only
          </label>
          {errors.instant && <p className="search-bar__error">{errors.instant}</p>}
        </div>
        <button className="button button--primary search-bar__submit" type="submit">
          Search
        </button>
      </form>
    </search>
  );
}

function DateField({
  name,
  label,
  value,
  min,
  error,
}: {
  name: string;
  label: string;
  value: string;
  min: string;
  error: string | undefined;
}) {
  const id = `search-${name}`;
  return (
    <div className={error ? 'search-bar__field search-bar__field--invalid' : 'search-bar__field'}>
      <label className="search-bar__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="search-bar__control"
        id={id}
        name={name}
        // A date picker cannot show a date that does not exist: what was typed stays visible as text.
        type={value === '' || isIsoDate(value) ? 'date' : 'text'}
        // Browsers without a date picker show a text box: the placeholder names the format read.
        placeholder="YYYY-MM-DD"
        min={min}
        required
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="search-bar__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
