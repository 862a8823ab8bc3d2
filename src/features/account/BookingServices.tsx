import { type SubmitEvent, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountServiceCancellationRoute, accountServicesRoute } from '../../lib/api-contract.ts';
import {
  type ConciergeService,
  priceServiceChoice,
  serviceChoiceSchema,
  servicePricingWords,
} from '../../lib/concierge-services.ts';
import { addDays, formatStayDate } from '../../lib/dates.ts';
import { formatGbp, formatMoney } from '../../lib/money.ts';
import { requestJson } from '../api/client.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import {
  type BookedService,
  type BookingServicesAnswer,
  bookingServicesAnswerSchema,
} from '../booking/booking-service-contract.ts';

/** The form as typed: every field a string until it is sent. */
type Draft = {
  service: string;
  date: string;
  time: string;
  quantity: string;
  options: Record<string, string>;
  flight: string;
  note: string;
};

const emptyDraft: Draft = {
  service: '',
  date: '',
  time: '',
  quantity: '1',
  options: {},
  flight: '',
  note: '',
};

/** "£40 a trip", "£45 a person", "Price confirmed by the office". */
function describeUnitPrice(service: ConciergeService): string {
  if (service.pricing === 'on_request' || service.priceGbp === undefined)
    return 'Price confirmed by the office';
  return `${formatGbp(service.priceGbp)} a ${servicePricingWords[service.pricing].unit}`;
}

/** "Thu 12 Mar, 16:00": a booked service's day and time, India time. */
const describeWhen = (service: Pick<BookedService, 'date' | 'time'>) =>
  `${formatStayDate(service.date)}, ${service.time}`;

/** A new key per add: a double click sends the same one, so the server stores one row. */
const newKey = () => crypto.randomUUID();

/**
 * The concierge's services on a booking's card: what is booked (with its price, apart from the stay's,
 * and until when it cancels free), cancelling one, and adding one until its cut-off: a service its home
 * offers, its day within the stay, its time, how many and its options, priced as it is chosen by the
 * same rule the server prices it with. A refused add keeps what was typed and says what to change.
 */
export function BookingServices({ request }: { request: AccountBookingRequest }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<BookingServicesAnswer | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(newKey());
  const sendingNow = useRef(false);
  const route = accountServicesRoute(request.id);
  const panelId = `services-${request.id}`;
  const field = (name: string) => `service-${request.id}-${name}`;

  async function load() {
    const loaded = await requestJson(route, bookingServicesAnswerSchema);
    if (!loaded.ok) return setProblem(loaded.message);
    setAnswer(loaded.data);
  }

  const offered = (answer?.offered ?? []) as ConciergeService[];
  const chosen = offered.find((service) => service.id === draft.service);
  const stay = answer?.stay;
  const days: string[] = [];
  if (stay) for (let day = stay.arrival; day <= stay.departure; day = addDays(day, 1)) days.push(day);

  const parsed = chosen ? serviceChoiceSchema.safeParse(toBody(draft)) : undefined;
  const priced =
    chosen && stay && parsed?.success ? priceServiceChoice(chosen, parsed.data, stay) : undefined;

  function change(patch: Partial<Draft>) {
    setDraft((now) => ({ ...now, ...patch }));
    setDone('');
  }

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setProblem('');
    setDone('');
    const sent = await requestJson(route, bookingServicesAnswerSchema, {
      method: 'POST',
      body: toBody(draft),
      headers: { 'idempotency-key': key.current },
    });
    sendingNow.current = false;
    setSending(false);
    if (!sent.ok) {
      setErrors(sent.fields);
      setProblem(sent.message);
      return;
    }
    key.current = newKey();
    setErrors({});
    setAnswer(sent.data);
    setDone(`${chosen?.name ?? 'The service'} is added. Its price is apart from the stay’s.`);
    setDraft(emptyDraft);
  }

  async function cancel(service: BookedService) {
    setProblem('');
    const sent = await requestJson(
      accountServiceCancellationRoute(request.id, service.id),
      bookingServicesAnswerSchema,
      {
        method: 'POST',
      },
    );
    if (!sent.ok) return setProblem(sent.message);
    setAnswer(sent.data);
    setDone(`${service.name} on ${describeWhen(service)} is cancelled.`);
  }

  return (
    <div className="request__services">
      <p className="actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            if (!open && !answer) void load();
            setOpen(!open);
          }}
        >
          Concierge services<span className="visually-hidden"> on {request.reference}</span>
        </button>
      </p>
      <section id={panelId} hidden={!open} aria-labelledby={`${panelId}-title`} className="booking-services">
        <h3 id={`${panelId}-title`}>Concierge services</h3>
        <p>
          Airport transfers, massages, bikes and trips, arranged by our concierge. Each is priced on its own,
          apart from the stay, whose price does not change.
        </p>
        <p role="status">{done}</p>
        {problem && (
          <p className="form__message" role="alert">
            {problem}
          </p>
        )}
        {answer && answer.booked.length > 0 && (
          <ul className="booking-services__booked" aria-label="Booked services">
            {answer.booked.map((service) => (
              <li key={service.id}>
                <strong>{service.name}</strong>, {describeWhen(service)}
                {service.chosen.length > 0 && <> ({service.chosen.join('; ')})</>}
                {service.flight && <>, flight {service.flight}</>}
                {service.pricePence !== null && (
                  <>: {formatMoney({ minor: service.pricePence, currency: 'GBP' })}</>
                )}
                <br />
                {service.words} {service.cancelWords}
                {service.cancellable && (
                  <button type="button" className="button button--ghost" onClick={() => void cancel(service)}>
                    Cancel {service.name}
                    <span className="visually-hidden"> on {describeWhen(service)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {answer && !answer.open && (
          <p>Services can be added while a booking is asked for or confirmed, until its last day.</p>
        )}
        {answer?.open && (
          <form noValidate onSubmit={(event) => void add(event)}>
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
                        choice.extraGbp > 0
                          ? `${choice.label} (+${formatGbp(choice.extraGbp)})`
                          : choice.label,
                    }))}
                    error={errors[`options.${option.id}`]}
                    onValueChange={(_name, value) =>
                      change({ options: { ...draft.options, [option.id]: value } })
                    }
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
            <p className="actions">
              <button type="submit" className="button" disabled={sending}>
                {sending ? 'Adding…' : 'Add the service'}
              </button>
            </p>
          </form>
        )}
      </section>
    </div>
  );
}

/** The POST body: the number typed as a number when it is one, anything else as typed, to be refused. */
function toBody(draft: Draft) {
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
