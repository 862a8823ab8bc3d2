import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import type { FormState } from '../../lib/public-forms.ts';

type Props = {
  /** The homes to rent, as the select lists them. */
  properties: readonly { slug: string; name: string }[];
  /** What was typed and the server's messages, when a post is answered with the form again. */
  initial?: FormState | undefined;
};

/**
 * The booking request as a plain form post, for a browser without JavaScript (issue 45): never
 * hydrated, rendered into the booking page's `<noscript>` by the build and, with a refused post's
 * values and messages, by `POST /api/plain-booking-requests` itself. The server checks and prices it as it
 * does the island's JSON; it needs the guest signed in, since confirming an email needs the island.
 */
export function PlainBookingForm({ properties, initial }: Props) {
  const values = initial?.values ?? {};
  const errors = initial?.errors ?? {};
  // Its own ids: the page also holds the island's form (hidden without JavaScript), with the same fields.
  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    idPrefix: 'plain',
  });
  return (
    <form
      className="form booking-plain"
      method="post"
      action={apiRoutes.plainBookingRequests}
      aria-labelledby="plain-booking-title"
    >
      {initial?.message && (
        <p className="form__message" role="alert">
          {initial.message}
        </p>
      )}
      <SelectField
        {...field('property')}
        label="Villa or apartment"
        placeholder="Choose a villa or apartment"
        options={properties.map(({ slug, name }) => ({ value: slug, label: name }))}
        required
      />
      <TextField {...field('arrival')} label="Arrival" type="date" hint="As 2027-03-14" required />
      <TextField {...field('departure')} label="Departure" type="date" hint="As 2027-03-21" required />
      <TextField {...field('guests')} label="Guests" type="number" min="1" max="50" required />
      <TextField {...field('name')} label="Your name" autoComplete="name" maxLength={120} required />
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
      />
      <TextField
        {...field('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="With the country code if you are outside India, for example +44 7700 900123"
        maxLength={30}
        required
      />
      <TextField
        {...field('city')}
        label="Town or city (optional)"
        autoComplete="address-level2"
        maxLength={120}
      />
      <TextField {...field('message')} label="Message (optional)" multiline maxLength={5000} />
      <button className="button button--primary" type="submit">
        Send booking request
      </button>
    </form>
  );
}
