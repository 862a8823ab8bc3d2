import { useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminServiceConfirmationRoute, apiRoutes } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  bookedServiceSchema,
  type ServicesToday,
  servicesTodaySchema,
} from '../booking/booking-service-contract.ts';

type Props = {
  version: number;
  onOpen: (id: string) => void;
  onSessionGone: () => void;
};

type Row = ServicesToday['services'][number];

/**
 * Today's block of the concierge's work: today's and tomorrow's booked services by time (a transfer
 * with its flight), each with the guest, the home and what was asked; one on request is priced and
 * confirmed here, one priced when chosen confirmed, and the guest is emailed either way.
 */
export function TodayServices({ version, onOpen, onSessionGone }: Props) {
  const [day, setDay] = useState<ServicesToday | null>(null);
  const [problem, setProblem] = useState('');
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only when asked to
  useEffect(() => {
    let current = true;
    void requestJson(apiRoutes.adminServicesToday, servicesTodaySchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      if (answer.ok) setDay(answer.data);
      else setProblem(answer.message);
    });
    return () => {
      current = false;
    };
  }, [version, reload]);

  const groups = day
    ? [day.today, ...new Set(day.services.map((service) => service.date))]
        .filter((date, index, all) => all.indexOf(date) === index)
        .map((date) => ({ date, services: day.services.filter((service) => service.date === date) }))
    : [];

  return (
    <section className="office-day__block office-day__block--services" aria-labelledby="day-services">
      <h3 id="day-services">Services today and tomorrow ({day?.services.length ?? 0})</h3>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {day && day.services.length === 0 && (
        <p className="admin__empty">No service is booked for today or tomorrow.</p>
      )}
      {groups
        .filter((group) => group.services.length > 0)
        .map((group) => (
          <div key={group.date}>
            <h4>{group.date === day?.today ? 'Today' : formatStayDate(group.date)}</h4>
            <ol className="office-day__rows">
              {group.services.map((service) => (
                <ServiceRow
                  key={service.id}
                  service={service}
                  onOpen={onOpen}
                  onChanged={() => setReload((n) => n + 1)}
                />
              ))}
            </ol>
          </div>
        ))}
    </section>
  );
}

function ServiceRow({
  service,
  onOpen,
  onChanged,
}: {
  service: Row;
  onOpen: (id: string) => void;
  onChanged: () => void;
}) {
  const [price, setPrice] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    setError('');
    const pounds = price.trim();
    const body =
      service.status === 'awaiting_price'
        ? { pricePence: /^\d+(\.\d{1,2})?$/.test(pounds) ? Math.round(Number(pounds) * 100) : pounds }
        : {};
    const answer = await requestJson(adminServiceConfirmationRoute(service.id), bookedServiceSchema, {
      method: 'POST',
      body,
    });
    setSending(false);
    if (!answer.ok) return setError(answer.fields.pricePence ?? answer.message);
    onChanged();
  }

  return (
    <li>
      <span className="office-day__line">
        <strong>{service.time}</strong> {service.name}
        {service.flight && <>, flight {service.flight}</>}
        {' · '}
        <button type="button" className="admin-table__open" onClick={() => onOpen(service.bookingId)}>
          {service.guestName}
          <span className="visually-hidden">, {service.reference}: open the booking</span>
        </button>
      </span>
      <span className="office-day__detail">
        {service.propertyName}; {service.quantity > 1 ? `${service.quantity} × ` : ''}
        {service.chosen.join('; ') || 'no options'}
        {service.note && <>; “{service.note}”</>}
        {service.pricePence !== null && <>; {formatMoney({ minor: service.pricePence, currency: 'GBP' })}</>};{' '}
        {service.status === 'awaiting_price' ? 'awaiting its price' : service.status}
        {service.paid && ', paid'}
      </span>
      {service.status === 'awaiting_price' && (
        <TextField
          name={`service-price-${service.id}`}
          label={`Price agreed for ${service.name} (£)`}
          inputMode="decimal"
          value={price}
          error={error || undefined}
          onValueChange={(_name, value) => setPrice(value)}
        />
      )}
      {error && service.status !== 'awaiting_price' && (
        <p className="form__message" role="alert">
          {error}
        </p>
      )}
      {(service.status === 'awaiting_price' || service.status === 'requested') && (
        <button
          type="button"
          className="button button--ghost"
          disabled={sending}
          onClick={() => void confirm()}
        >
          {service.status === 'awaiting_price' ? 'Price and confirm' : 'Confirm'}
          <span className="visually-hidden">
            {' '}
            {service.name} for {service.guestName}
          </span>
        </button>
      )}
    </li>
  );
}
