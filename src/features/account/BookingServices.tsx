import { type SubmitEvent, useRef, useState } from 'react';
import {
  accountReceiptRoute,
  accountServiceCancellationRoute,
  accountServicesRoute,
} from '../../lib/api-contract.ts';
import type { ConciergeService } from '../../lib/concierge-services.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { payPath } from '../../lib/paths.ts';
import { requestJson } from '../api/client.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import {
  type BookedService,
  type BookingServicesAnswer,
  bookingServicesAnswerSchema,
} from '../booking/booking-service-contract.ts';
import {
  emptyServiceDraft,
  ServiceChoiceFields,
  type ServiceDraft,
  toServiceBody,
} from '../booking/ServiceChoiceFields.tsx';

type Draft = ServiceDraft;

const emptyDraft = emptyServiceDraft;

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

  async function load() {
    const loaded = await requestJson(route, bookingServicesAnswerSchema);
    if (!loaded.ok) return setProblem(loaded.message);
    setAnswer(loaded.data);
  }

  const offered = (answer?.offered ?? []) as ConciergeService[];
  const chosen = offered.find((service) => service.id === draft.service);
  const stay = answer?.stay;

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
      body: toServiceBody(draft),
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
          Airport transfers, massages, bikes and trips, arranged by our concierge. Each is priced and paid on
          its own once the concierge confirms it, apart from the stay: never inside its deposit or balance,
          whose price does not change.
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
                {service.payable && service.pricePence !== null && (
                  <a
                    className="button button--primary"
                    href={`${payPath(request.reference)}?${new URLSearchParams({ service: service.id })}`}
                  >
                    Pay {formatMoney({ minor: service.pricePence, currency: 'GBP' })}
                    <span className="visually-hidden">
                      {' '}
                      for {service.name} on {describeWhen(service)}
                    </span>
                  </a>
                )}
                {service.paymentId && (
                  <a href={accountReceiptRoute(request.id, service.paymentId)} download>
                    Its receipt (PDF)
                    <span className="visually-hidden">
                      {' '}
                      for {service.name} on {describeWhen(service)}
                    </span>
                  </a>
                )}
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
            <ServiceChoiceFields
              idPrefix={`service-${request.id}`}
              offered={offered}
              stay={stay}
              draft={draft}
              errors={errors}
              onChange={change}
            />
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
