import { type Ref, useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { formatShortDate, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { describeDays } from './BookingPayments.tsx';
import { type AdminCollectionName, adminCollections } from './collection-contract.ts';
import { balanceStateLabels, describeAge } from './office-day.ts';
import { type MovingStay, type TodayAnswer, todayAnswerSchema } from './today-contract.ts';

/**
 * How many rows of a block the first screen shows; the list behind it has the rest. Three, so every
 * block fits the first screen of a 1280×800 laptop and a 768 px tablet however busy the day: with five,
 * a full day (the e2e suite's, in CI) pushed the unread counts to 889 px and the balances to 1,035.
 */
const rowsShown = 3;

type Day =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; answer: TodayAnswer };

type Props = {
  headingRef: Ref<HTMLHeadingElement>;
  /** Bumped to load the day again (after a booking opened from it changed). */
  version: number;
  /** Opens a booking: a request to answer, a stay's details and payments. */
  onOpen: (id: string) => void;
  /** Opens a list of the dashboard: a collection, or the balances due. */
  onShow: (screen: AdminCollectionName | 'balances') => void;
  onSessionGone: () => void;
};

/**
 * The office's day, what the dashboard opens on: the requests awaiting an answer (oldest first, with
 * how long they have waited), this week's arrivals and departures with the guests' phone and email,
 * the balances due now or overdue with what they owe in all, and the unread items. Every row opens
 * what it is about in one click.
 */
export function TodayView({ headingRef, version, onOpen, onShow, onSessionGone }: Props) {
  const [day, setDay] = useState<Day>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only when asked to
  useEffect(() => {
    let current = true;
    void requestJson(apiRoutes.adminToday, todayAnswerSchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      setDay(
        answer.ok ? { status: 'loaded', answer: answer.data } : { status: 'failed', message: answer.message },
      );
    });
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <div className="admin__view office-day">
      <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
        Today{day.status === 'loaded' ? `, ${formatStayDate(day.answer.today)}` : ''}
      </h2>
      {day.status === 'loading' && <p role="status">Loading the office’s day…</p>}
      {day.status === 'failed' && (
        <p className="form__message" role="alert">
          {day.message}
        </p>
      )}
      {day.status === 'loaded' && <Blocks answer={day.answer} onOpen={onOpen} onShow={onShow} />}
    </div>
  );
}

function Blocks({ answer, onOpen, onShow }: { answer: TodayAnswer } & Pick<Props, 'onOpen' | 'onShow'>) {
  const now = new Date();
  const waiting =
    answer.unread.find(({ name }) => name === 'booking-requests')?.new ?? answer.requests.length;
  const forms = answer.unread.filter(({ name }) => name !== 'booking-requests');
  const { balances } = answer;
  return (
    <div className="office-day__blocks">
      {/* Two columns from a tablet up, each as tall as its own blocks: what awaits an answer on the
          left, the week's comings and goings and the money on the right. */}
      <div className="office-day__column">
        <section className="office-day__block" aria-labelledby="day-requests">
          <h3 id="day-requests">Awaiting an answer ({waiting})</h3>
          {answer.requests.length === 0 ? (
            <p className="admin__empty">Every request has its answer.</p>
          ) : (
            <ol className="office-day__rows">
              {answer.requests.slice(0, rowsShown).map((request) => (
                <li key={request.id}>
                  <button type="button" className="admin-table__open" onClick={() => onOpen(request.id)}>
                    {request.guestName}
                    <span className="visually-hidden">, {request.reference}: answer</span>
                  </button>{' '}
                  <span className="office-day__age">waiting {describeAge(request.receivedAt, now)}</span>
                  <span className="office-day__detail">
                    {request.propertyName}, {formatShortDate(request.arrival)}–
                    {formatShortDate(request.departure)}, {request.guests}{' '}
                    {request.guests === 1 ? 'guest' : 'guests'}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {waiting > rowsShown && (
            <button type="button" className="office-day__more" onClick={() => onShow('booking-requests')}>
              All {waiting} booking requests awaiting an answer
            </button>
          )}
        </section>

        <section className="office-day__block" aria-labelledby="day-unread">
          <h3 id="day-unread">Unread messages and forms</h3>
          <ul className="office-day__unread">
            {forms.map((count) => (
              <li key={count.name}>
                <button type="button" className="admin-table__open" onClick={() => onShow(count.name)}>
                  {adminCollections[count.name].label}
                </button>
                : {count.new} unread
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="office-day__column">
        <section className="office-day__block" aria-labelledby="day-moves">
          <h3 id="day-moves">This week’s arrivals and departures</h3>
          <Moves
            title="Arrivals"
            stays={answer.arrivals}
            edge="arrival"
            today={answer.today}
            onOpen={onOpen}
          />
          <Moves
            title="Departures"
            stays={answer.departures}
            edge="departure"
            today={answer.today}
            onOpen={onOpen}
          />
        </section>

        <section className="office-day__block" aria-labelledby="day-balances">
          <h3 id="day-balances">Balances due ({balances.count})</h3>
          {balances.count === 0 ? (
            <p className="admin__empty">No balance is due now or overdue.</p>
          ) : (
            <>
              <p className="office-day__total">
                <strong>{formatPence(balances.outstandingPence)}</strong> outstanding on {balances.count}{' '}
                {balances.count === 1 ? 'booking' : 'bookings'} due now or overdue
              </p>
              <ol className="office-day__rows">
                {balances.rows.slice(0, rowsShown).map((balance) => (
                  <li key={balance.id}>
                    <button type="button" className="admin-table__open" onClick={() => onOpen(balance.id)}>
                      {balance.guestName}
                      <span className="visually-hidden">, {balance.reference}: payments</span>
                    </button>{' '}
                    <span className={`office-day__state office-day__state--${balance.state}`}>
                      {balanceStateLabels[balance.state]}
                      {balance.state === 'overdue' && ` by ${describeDays(balance.summary.daysOverdue)}`}
                    </span>
                    <span className="office-day__detail">
                      {formatPence(balance.summary.outstandingPence)} of{' '}
                      {formatPence(balance.summary.totalPence)}, {balance.propertyName}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
          <button type="button" className="office-day__more" onClick={() => onShow('balances')}>
            All balances due
          </button>
        </section>
      </div>
    </div>
  );
}

type MovesProps = {
  title: string;
  stays: MovingStay[];
  edge: 'arrival' | 'departure';
  today: string;
  onOpen: (id: string) => void;
};

/** This week's confirmed stays arriving or leaving, today's first, each with how to reach the guest. */
function Moves({ title, stays, edge, today, onOpen }: MovesProps) {
  const when = (date: string) => (date === today ? 'Today' : formatShortDate(date));
  return (
    <>
      <h4 id={`day-${edge}s`}>
        {title} ({stays.length})
      </h4>
      {stays.length === 0 ? (
        <p className="admin__empty">None this week.</p>
      ) : (
        <ol className="office-day__rows" aria-labelledby={`day-${edge}s`}>
          {stays.slice(0, rowsShown).map((stay) => (
            <li key={stay.id}>
              <span className="office-day__when">{when(stay[edge])}</span>{' '}
              <button type="button" className="admin-table__open" onClick={() => onOpen(stay.id)}>
                {stay.guestName}
                <span className="visually-hidden">, {stay.reference}</span>
              </button>{' '}
              <span className={`office-day__state office-day__state--${stay.balance}`}>
                {balanceStateLabels[stay.balance]}
              </span>
              <span className="office-day__detail">
                {stay.propertyName} · <a href={`tel:${stay.phone.replace(/[^+\d]/g, '')}`}>{stay.phone}</a> ·{' '}
                <a href={`mailto:${stay.email}`}>{stay.email}</a>
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
