import { useEffect, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import type { FormState } from '../../lib/public-forms.ts';
import { buyerZones, describeSlotDay, describeSlotTime, describeZone } from '../../lib/viewing-slots.ts';
import { requestJson } from '../api/client.ts';
import { PublicFormShell } from '../forms/PublicFormShell.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import {
  type BuyerEnquiryIntent,
  buyerEnquiryForm,
  checkEnquiry,
  createdBuyerEnquirySchema,
  intentLabels,
  type SaleKind,
  viewingModeLabels,
  viewingSlotsAnswerSchema,
} from './buyer-enquiry-contract.ts';

const intentOptions = Object.entries(intentLabels).map(([value, label]) => ({ value, label }));
const modeOptions = Object.entries(viewingModeLabels).map(([value, label]) => ({ value, label }));
const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const slotPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/;

type Props = {
  initial?: FormState;
  /** The home asked about; a refused no-JavaScript post carries it in `initial` instead. */
  home?: { kind: SaleKind; slug: string; intent: BuyerEnquiryIntent };
};

/** The slots grouped by their day on the buyer's clock, for the time list's groups. */
function groupByDay(slots: readonly string[], zone: string): [string, string[]][] {
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    const day = describeSlotDay(new Date(slot), zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

/**
 * A buyer's enquiry: a question about buying, or a viewing (in person or by video) at a slot the
 * office keeps, chosen from its free ones written on the buyer's clock by city name with India's
 * beside. A first question needs a name, an email or a phone number and the question; the rest is
 * optional, folded away. The island reads the buyer's zone from the browser and fetches the free
 * slots; without JavaScript the buyer first says where they are (a GET form of cities), and the
 * page comes back with the slots on that clock (`offered`, which the post carries back).
 */
export default function BuyerEnquiryForm({ initial, home }: Props) {
  const [reference, setReference] = useState<string | undefined>();
  const form = useSchemaForm({
    schema: buyerEnquiryForm.schema,
    endpoint: buyerEnquiryForm.endpoint,
    initial: initial ?? {
      values: {
        property: home?.slug ?? '',
        propertyKind: home?.kind ?? '',
        intent: home?.intent ?? 'viewing',
      },
      errors: {},
    },
    checkTogether: (enquiry) =>
      Object.fromEntries(checkEnquiry(enquiry).map((problem) => [problem.path[0], problem.message])),
    onAccepted: (answer) => setReference(createdBuyerEnquirySchema.safeParse(answer).data?.reference),
    withFormToken: true,
  });
  // Not a field of the schema, so the form's values do not keep it: read from what the page was given.
  const offeredAtFirst = (initial?.values.offered ?? '').split(' ').filter((slot) => slotPattern.test(slot));
  const [slots, setSlots] = useState<string[]>(offeredAtFirst);
  const zone = form.values.timeZone ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the browser's zone and the free slots are read once, as the island wakes
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && !form.values.timeZone) form.change('timeZone', browserZone);
    const query = new URLSearchParams({
      propertyKind: form.values.propertyKind ?? '',
      property: form.values.property ?? '',
    });
    void requestJson(`${apiRoutes.viewingSlots}?${query}`, viewingSlotsAnswerSchema).then((answer) => {
      if (answer.ok) setSlots(answer.data.slots);
    });
  }, []);
  const viewing = form.values.intent !== 'buying';
  const zoneOptions =
    buyerZones.some((each) => each.zone === zone) || !zone
      ? buyerZones
      : [{ zone, cities: describeZone(zone).replace(/ time$/, '') }, ...buyerZones];
  const slotField = form.fieldProps('slot');

  return (
    <>
      {viewing && (
        <form
          className="form form--zone"
          method="get"
          action={paths.viewingTimes}
          aria-label="Where you are"
          onSubmit={(event) => event.preventDefault()}
        >
          <input type="hidden" name="propertyKind" value={form.values.propertyKind ?? ''} />
          <input type="hidden" name="property" value={form.values.property ?? ''} />
          <div className="field">
            <label className="field__label" htmlFor="field-zone">
              Show viewing times in
            </label>
            <select
              className="field__control"
              id="field-zone"
              name="timeZone"
              value={zone || officeTimeZone}
              onChange={(event) => form.change('timeZone', event.currentTarget.value)}
            >
              {zoneOptions.map((each) => (
                <option key={each.zone} value={each.zone}>
                  {each.zone === officeTimeZone ? 'India time' : `${each.cities} time`}
                </option>
              ))}
            </select>
          </div>
          {/* Without JavaScript this fetches the page again with the times on the clock chosen. */}
          <noscript>
            <button className="button" type="submit">
              Show the times
            </button>
          </noscript>
        </form>
      )}
      <PublicFormShell
        form={form}
        endpoint={buyerEnquiryForm.endpoint}
        title={viewing ? 'Arrange a viewing' : 'Ask about buying'}
        titleId="buyer-enquiry-title"
        submitLabel={viewing ? 'Ask for a viewing' : 'Send question'}
        sent={{
          heading: viewing
            ? 'Thank you, your viewing request is with us'
            : 'Thank you, your question is with us',
          body: `${reference ? `Your reference is ${reference}. ` : ''}We answer within one working day${form.values.email ? '; a receipt is on its way to your inbox' : ''}.`,
        }}
      >
        <input type="hidden" name="property" value={form.values.property ?? ''} />
        <input type="hidden" name="propertyKind" value={form.values.propertyKind ?? ''} />
        <input type="hidden" name="timeZone" value={zone} />
        <input type="hidden" name="offered" value={slots.join(' ')} />
        {form.errors.property && (
          <p className="form__message" role="alert">
            {form.errors.property}
          </p>
        )}
        <SelectField
          {...form.fieldProps('intent')}
          label="What would you like?"
          placeholder="Choose one"
          options={intentOptions}
          required
        />
        {viewing && (
          <fieldset className="form__group">
            <legend>Your viewing</legend>
            <SelectField
              {...form.fieldProps('viewingMode')}
              label="How would you like to view it?"
              placeholder="Choose one"
              options={modeOptions}
              required
            />
            {slots.length > 0 && zone ? (
              <div className={slotField.error ? 'field field--invalid' : 'field'}>
                <label className="field__label" htmlFor="field-slot">
                  Time, {describeZone(zone)}
                  {describeZone(zone) !== 'India time' && ' (India time beside it)'}
                </label>
                <p className="field__hint" id="field-slot-hint">
                  Free times within our office’s viewing hours.
                </p>
                <select
                  className="field__control"
                  id="field-slot"
                  name="slot"
                  value={slotField.value}
                  required
                  aria-invalid={slotField.error ? true : undefined}
                  aria-describedby={slotField.error ? 'field-slot-hint field-slot-error' : 'field-slot-hint'}
                  onChange={(event) => slotField.onValueChange('slot', event.currentTarget.value)}
                  onBlur={(event) => slotField.onLeave('slot', event.relatedTarget)}
                >
                  <option value="">Choose a time</option>
                  {groupByDay(slots, zone).map(([day, times]) => (
                    <optgroup key={day} label={day}>
                      {times.map((slot) => (
                        <option key={slot} value={slot}>
                          {`${day}, ${describeSlotTime(new Date(slot), zone)}`}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {slotField.error && (
                  <p className="field__error" id="field-slot-error">
                    {slotField.error}
                  </p>
                )}
              </div>
            ) : (
              <p className={slotField.error ? 'field__error' : 'field__hint'} id="field-slot">
                {slotField.error ? `${slotField.error}: ` : ''}
                Choose where you are above, and we show the times our office can show you this home on your
                clock.
              </p>
            )}
          </fieldset>
        )}
        <TextField
          {...form.fieldProps('name')}
          label="Your name"
          autoComplete="name"
          maxLength={120}
          required
        />
        <TextField
          {...form.fieldProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          hint="Or leave it out and give a phone number"
        />
        <TextField
          {...form.fieldProps('phone')}
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          hint="With the country code, for example +971 50 123 4567"
        />
        <TextField
          {...form.fieldProps('message')}
          label={viewing ? 'Anything we should know? (optional)' : 'Your question'}
          multiline
          maxLength={2000}
          {...(viewing ? {} : { required: true })}
        />
        <details className="form__more">
          <summary>Tell us more now (optional): your country, budget and how you will pay</summary>
          <TextField
            {...form.fieldProps('country')}
            label="Country you live in"
            autoComplete="country-name"
            maxLength={60}
          />
          <TextField
            {...form.fieldProps('budget')}
            label="Your budget"
            hint="In any currency, for example ₹80 lakh or AED 400,000"
            maxLength={60}
          />
          <SelectField
            {...form.fieldProps('homeLoan')}
            label="Will you need a home loan?"
            placeholder="Not sure yet"
            options={yesNoOptions}
          />
          <SelectField
            {...form.fieldProps('payingFromAbroad')}
            label="Will you pay from abroad (as an NRI)?"
            placeholder="Not sure yet"
            options={yesNoOptions}
          />
        </details>
      </PublicFormShell>
    </>
  );
}
