import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import {
  type ConciergeService,
  priceServiceChoice,
  type ServiceStay,
  serviceChoiceSchema,
  servicePricingWords,
} from '../../lib/concierge-services.ts';
import { addDays, formatStayDate } from '../../lib/dates.ts';
import { formatGbp } from '../../lib/money.ts';

/** A service choice as typed: every field a string until it is sent. */
export type ServiceDraft = {
  service: string;
  date: string;
  time: string;
  quantity: string;
  options: Record<string, string>;
  flight: string;
  note: string;
};

export const emptyServiceDraft: ServiceDraft = {
  service: '',
  date: '',
  time: '',
  quantity: '1',
  options: {},
  flight: '',
  note: '',
};

/** The POST body: the number typed as a number when it is one, anything else as typed, to be refused. */
export function toServiceBody(draft: ServiceDraft) {
  return {
    service: draft.service,
    date: draft.date,
    time: draft.time,
    quantity: /^\d+$/.test(draft.quantity.trim()) ? Number(draft.quantity) : draft.quantity,
    options: draft.options,
    ...(draft.flight.trim() ? { flight: draft.flight } : {}),
    ...(draft.note.trim() ? { note: draft.note } : {}),
  };
}

/** "£40 a trip", "£45 a person", "Price confirmed by the office". */
export function describeUnitPrice(service: ConciergeService): string {
  if (service.pricing === 'on_request' || service.priceGbp === undefined)
    return 'Price confirmed by the office';
  return `${formatGbp(service.priceGbp)} a ${servicePricingWords[service.pricing].unit}`;
}

/** The chosen service's price as the quote's optional line, by the same rule the server prices it with. */
export function priceServiceDraft(
  offered: ConciergeService[],
  draft: ServiceDraft,
  stay: ServiceStay | undefined,
) {
  const chosen = offered.find((service) => service.id === draft.service);
  const parsed = chosen ? serviceChoiceSchema.safeParse(toServiceBody(draft)) : undefined;
  return chosen && stay && parsed?.success ? priceServiceChoice(chosen, parsed.data, stay) : undefined;
}

type Props = {
  idPrefix: string;
  offered: ConciergeService[];
  stay: ServiceStay | undefined;
  draft: ServiceDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<ServiceDraft>) => void;
};

/**
 * The fields of one concierge service chosen for a stay: the service (of those its home offers), its
 * day within the stay, its time, how many and its options, the flight for a transfer, and its price as
 * an optional line apart from the stay's, priced as it is typed. Used on /account and the booking form.
 */
export function ServiceChoiceFields({ idPrefix, offered, stay, draft, errors, onChange: change }: Props) {
  const field = (name: string) => `${idPrefix}-${name}`;
  const chosen = offered.find((service) => service.id === draft.service);
  const days: string[] = [];
  if (stay?.arrival && stay.departure) {
    for (let day = stay.arrival; day <= stay.departure; day = addDays(day, 1)) days.push(day);
  }
  const priced = priceServiceDraft(offered, draft, stay);
  return (
    <>
      <SelectField
        name={field('service')}
        label="Service"
        placeholder="Choose a service"
        value={draft.service}
        options={offered.map((service) => ({
          value: service.id,
          label: `${service.name}: ${describeUnitPrice(service)}`,
        }))}
        error={errors.service}
        onValueChange={(_name, value) => change({ service: value, options: {} })}
      />
      {chosen && (
        <>
          <p className="field__hint">
            {chosen.description} Book at least {chosen.noticeHours} hours ahead; free to cancel until{' '}
            {chosen.freeCancellationHours} hours before. Staff hours {chosen.staffHours.opens}–
            {chosen.staffHours.closes} India time.
          </p>
          <SelectField
            name={field('date')}
            label="Day"
            placeholder="Choose a day of the stay"
            value={draft.date}
            options={days.map((day) => ({ value: day, label: formatStayDate(day) }))}
            error={errors.date}
            onValueChange={(_name, value) => change({ date: value })}
          />
          <TextField
            name={field('time')}
            label={
              chosen.asksFlight
                ? 'When the flight lands or leaves (India time)'
                : 'Time (India time, 24-hour clock)'
            }
            hint="For example 14:30."
            type="time"
            value={draft.time}
            error={errors.time}
            onValueChange={(_name, value) => change({ time: value })}
          />
          {chosen.pricing !== 'per_trip' && chosen.pricing !== 'on_request' && (
            <TextField
              name={field('quantity')}
              label={`How many ${servicePricingWords[chosen.pricing].units}`}
              inputMode="numeric"
              value={draft.quantity}
              error={errors.quantity}
              onValueChange={(_name, value) => change({ quantity: value })}
            />
          )}
          {chosen.options.map((option) => (
            <SelectField
              key={option.id}
              name={field(`option-${option.id}`)}
              label={option.label}
              placeholder={`Choose the ${option.label.toLowerCase()}`}
              value={draft.options[option.id] ?? ''}
              options={option.choices.map((choice) => ({
                value: choice.id,
                label:
                  choice.extraGbp > 0 ? `${choice.label} (+${formatGbp(choice.extraGbp)})` : choice.label,
              }))}
              error={errors[`options.${option.id}`]}
              onValueChange={(_name, value) => change({ options: { ...draft.options, [option.id]: value } })}
            />
          ))}
          {chosen.asksFlight && (
            <TextField
              name={field('flight')}
              label="Flight number"
              hint="For example EK 532: the driver follows it."
              value={draft.flight}
              error={errors.flight}
              onValueChange={(_name, value) => change({ flight: value })}
            />
          )}
          <TextField
            name={field('note')}
            label="Anything the concierge should know (optional)"
            multiline
            value={draft.note}
            error={errors.note}
            onValueChange={(_name, value) => change({ note: value })}
          />
          <p className="booking-services__price" aria-live="polite">
            {priced?.ok
              ? priced.price.total
                ? `${priced.price.line}, apart from the stay’s price.`
                : 'The office confirms its price by email before anything is arranged.'
              : ''}
          </p>
        </>
      )}
    </>
  );
}
