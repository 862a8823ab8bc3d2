import { useEffect, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { officeTimeZone } from '../../lib/dates.ts';
import type { FormState } from '../../lib/public-forms.ts';
import { describeViewingTime, toInstant } from '../../lib/viewing-times.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { PublicFormShell } from '../forms/PublicFormShell.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import {
  type BuyerEnquiryIntent,
  buyerEnquiryForm,
  checkViewing,
  createdBuyerEnquirySchema,
  intentLabels,
  type SaleKind,
  viewingModeLabels,
  viewingSlotFields,
} from './buyer-enquiry-contract.ts';

const intentOptions = Object.entries(intentLabels).map(([value, label]) => ({ value, label }));
const modeOptions = Object.entries(viewingModeLabels).map(([value, label]) => ({ value, label }));
const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

type Props = {
  initial?: FormState;
  /** The home asked about; a refused no-JavaScript post carries it in `initial` instead. */
  home?: { kind: SaleKind; slug: string; intent: BuyerEnquiryIntent };
};

/**
 * A buyer's enquiry: a viewing (in person or by video, with two or three preferred times) or a
 * question about buying. The times are typed on the buyer's own clock, which the island reads from the
 * browser; each is shown back in India time too. Without JavaScript the form posts the same fields and
 * the times are read as India time, as the form then says.
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
      Object.fromEntries(checkViewing(enquiry).map((problem) => [problem.path[0], problem.message])),
    onAccepted: (answer) => setReference(createdBuyerEnquirySchema.safeParse(answer).data?.reference),
    withFormToken: true,
  });
  const timeZone = form.values.timeZone || officeTimeZone;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the browser's zone is read once, as the island wakes
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && !form.values.timeZone) form.change('timeZone', browserZone);
  }, []);
  const viewing = form.values.intent !== 'buying';
  const zoneWords =
    timeZone === officeTimeZone ? 'India time (IST)' : `your time, ${timeZone.replaceAll('_', ' ')}`;

  return (
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
        body: `${reference ? `Your reference is ${reference}. ` : ''}A receipt is on its way to your inbox; our Kochi office answers within one working day.`,
      }}
    >
      <input type="hidden" name="property" value={form.values.property ?? ''} />
      <input type="hidden" name="propertyKind" value={form.values.propertyKind ?? ''} />
      <input type="hidden" name="timeZone" value={form.values.timeZone ?? ''} />
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
      <PersonFields form={form} />
      <TextField
        {...form.fieldProps('country')}
        label="Country you live in"
        autoComplete="country-name"
        required
        maxLength={60}
      />
      <TextField
        {...form.fieldProps('budget')}
        label="Your budget"
        hint="In any currency, for example ₹80 lakh or AED 400,000"
        required
        maxLength={60}
      />
      <SelectField
        {...form.fieldProps('homeLoan')}
        label="Will you need a home loan?"
        placeholder="Choose yes or no"
        options={yesNoOptions}
        required
      />
      <SelectField
        {...form.fieldProps('payingFromAbroad')}
        label="Will you pay from abroad (as an NRI)?"
        placeholder="Choose yes or no"
        options={yesNoOptions}
        required
      />
      {viewing && (
        <fieldset className="form__group">
          <legend>For a viewing</legend>
          <SelectField
            {...form.fieldProps('viewingMode')}
            label="How would you like to view it?"
            placeholder="Choose one"
            options={modeOptions}
          />
          {viewingSlotFields.map((field, index) => {
            const typed = form.values[field] ?? '';
            const instant = typed ? toInstant(typed, timeZone) : undefined;
            return (
              <div key={field}>
                <TextField
                  {...form.fieldProps(field)}
                  type="datetime-local"
                  label={`Preferred time ${index + 1}${index === 2 ? ' (optional)' : ''}, ${zoneWords}`}
                />
                {instant && (
                  <p className="field__hint" aria-live="polite">
                    {describeViewingTime(instant, timeZone)}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <TextField
        {...form.fieldProps('message')}
        label="Anything else? (optional)"
        multiline
        maxLength={2000}
      />
    </PublicFormShell>
  );
}
