import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { formatShortDate, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { describeDays } from '../payment/BookingPayments.tsx';
import type { ListFilters } from './admin-query.ts';
import { type AdminCollectionName, adminCollections } from './collection-contract.ts';
import { describeDelivery, nameEmail } from './email-delivery.ts';
import { OccupancyGlance } from './NumbersView.tsx';
import { balanceStateLabels, describeAge, describeMore, shortLabels } from './office-day.ts';
import { TodayServices } from './TodayServices.tsx';
import {
  failedEmailDays,
  type MovingStay,
  packWaitingDays,
  type TodayAnswer,
  todayAnswerSchema,
} from './today-contract.ts';

/**
 * How many rows a block shows; a "N more" link leads to the list behind it. Three, so the whole day fits
 * the first screen of a 1280×800 laptop and of a 768×1024 tablet however busy it is: each row is two
 * lines at most (longer names and addresses are cut short on the screen, whole for a screen reader).
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
  onShow: (screen: AdminCollectionName | 'balances' | 'calendar') => void;
  /** Opens the booking list with these filters: the guests' unread messages. */
  onShowBookings: (filters: Partial<ListFilters>) => void;
  onSessionGone: () => void;
};

/**
 * The office's day, what the dashboard opens on: the requests awaiting an answer (oldest first, with
 * how long they have waited), this week's arrivals and departures with the guests' phone and email,
 * the balances due now or overdue with what they owe in all, and the unread items. Every row opens
 * what it is about in one click.
 */
export function TodayView({ headingRef, version, onOpen, onShow, onShowBookings, onSessionGone }: Props) {
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
      {day.status === 'loaded' && (
        <Blocks
          answer={day.answer}
          onOpen={onOpen}
          onShow={onShow}
          onShowBookings={onShowBookings}
          glance={<OccupancyGlance version={version} onSessionGone={onSessionGone} />}
        />
      )}
      {day.status === 'loaded' && (
        <TodayServices version={version} onOpen={onOpen} onSessionGone={onSessionGone} />
      )}
    </div>
  );
}

type BlocksProps = { answer: TodayAnswer; glance: ReactNode } & Pick<
  Props,
  'onOpen' | 'onShow' | 'onShowBookings'
>;

function Blocks({ answer, onOpen, onShow, onShowBookings, glance }: BlocksProps) {
  const now = new Date();
  const waiting =
    answer.unread.find(({ name }) => name === 'booking-requests')?.new ?? answer.requests.length;
  const forms = answer.unread.filter(({ name }) => name !== 'booking-requests');
  const { balances } = answer;
  const moreRequests = describeMore(waiting, rowsShown);
  const moreBalances = describeMore(balances.count, rowsShown);
  return (
    <>
      <section className="office-day__unread" aria-labelledby="day-unread">
        <h3 id="day-unread">
          Unread<span className="visually-hidden"> messages and forms</span>
        </h3>
        <ul>
          {forms.map((count) => {
            const short = shortLabels[count.name];
            return (
              <li key={count.name}>
                <button type="button" className="office-day__count" onClick={() => onShow(count.name)}>
                  {short && <span className="visually-hidden">{short.before}</span>}
                  <span className="office-day__count-label">
                    {short ? short.label : adminCollections[count.name].label}
                  </span>
                  <span className="visually-hidden">: </span>
                  <span className={count.new > 0 ? 'admin__badge' : 'office-day__none'}>{count.new}</span>
                  <span className="visually-hidden"> unread</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      {/* Two columns of their own on a tablet; on a phone and a wide screen the blocks sit in one grid. */}
      <div className="office-day__blocks">
        <div className="office-day__column office-day__column--right">
          <GuestMessages
            messages={answer.messages}
            now={now}
            onOpen={onOpen}
            onShowAll={() => onShowBookings({ messages: 'unread' })}
          />
          <section className="office-day__block office-day__block--moves" aria-labelledby="day-moves">
            <h3 id="day-moves">This week’s arrivals and departures</h3>
            <Moves
              title="Arrivals"
              stays={answer.arrivals}
              count={answer.arrivalCount}
              edge="arrival"
              today={answer.today}
              onOpen={onOpen}
              onShow={onShow}
            />
            <Moves
              title="Departures"
              stays={answer.departures}
              count={answer.departureCount}
              edge="departure"
              today={answer.today}
              onOpen={onOpen}
              onShow={onShow}
            />
          </section>
        </div>
        <div className="office-day__column office-day__column--left">
          <section className="office-day__block office-day__block--requests" aria-labelledby="day-requests">
            <h3 id="day-requests">Awaiting an answer ({waiting})</h3>
            {answer.requests.length === 0 ? (
              <p className="admin__empty">Every request has its answer.</p>
            ) : (
              <ol className="office-day__rows">
                {answer.requests.slice(0, rowsShown).map((request) => (
                  <li key={request.id}>
                    <span className="office-day__line">
                      <button type="button" className="admin-table__open" onClick={() => onOpen(request.id)}>
                        {request.guestName}
                        <span className="visually-hidden">, {request.reference}: answer</span>
                      </button>
                      <span className="office-day__age">waiting {describeAge(request.receivedAt, now)}</span>
                    </span>
                    <span className="office-day__detail">
                      {formatShortDate(request.arrival)}–{formatShortDate(request.departure)},{' '}
                      {request.guests} {request.guests === 1 ? 'guest' : 'guests'}, {request.propertyName}
                    </span>
                  </li>
                ))}
              </ol>
            )}
            {moreRequests && (
              <button type="button" className="office-day__more" onClick={() => onShow('booking-requests')}>
                {moreRequests}
                <span className="visually-hidden"> booking requests awaiting an answer</span>
              </button>
            )}
          </section>
          {glance}
          <section className="office-day__block office-day__block--balances" aria-labelledby="day-balances">
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
                      <span className="office-day__line">
                        <button
                          type="button"
                          className="admin-table__open"
                          onClick={() => onOpen(balance.id)}
                        >
                          {balance.guestName}
                          <span className="visually-hidden">, {balance.reference}: payments</span>
                        </button>
                        <span className={`office-day__state office-day__state--${balance.state}`}>
                          {balanceStateLabels[balance.state]}
                          {balance.state === 'overdue' && ` by ${describeDays(balance.summary.daysOverdue)}`}
                        </span>
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
              {moreBalances ? (
                <>
                  {moreBalances}
                  <span className="visually-hidden"> balances due</span>
                </>
              ) : (
                'All balances'
              )}
            </button>
          </section>
        </div>
      </div>
      <PacksWaiting packs={answer.packsWaiting} today={answer.today} onOpen={onOpen} />
      <FailedEmails failed={answer.failedEmails} onOpen={onOpen} />
    </>
  );
}

type GuestMessagesProps = {
  messages: TodayAnswer['messages'];
  now: Date;
  onOpen: Props['onOpen'];
  onShowAll: () => void;
};

/**
 * The guests' messages the office has not read, newest first, each with its booking: the first thing a
 * waiting guest needs is to be seen. Opening one shows the conversation; it is marked read there, by
 * the office's own button, never by being listed.
 */
function GuestMessages({ messages, now, onOpen, onShowAll }: GuestMessagesProps) {
  const more = describeMore(messages.count, rowsShown);
  return (
    <section className="office-day__block office-day__block--messages" aria-labelledby="day-messages">
      <h3 id="day-messages">Messages from guests ({messages.count})</h3>
      {messages.count === 0 ? (
        <p className="admin__empty">Every guest’s message has been read.</p>
      ) : (
        <ol className="office-day__rows">
          {messages.rows.slice(0, rowsShown).map((message) => (
            <li key={message.id}>
              <span className="office-day__line">
                <button type="button" className="admin-table__open" onClick={() => onOpen(message.bookingId)}>
                  {message.guestName}
                  <span className="visually-hidden">, {message.reference}: read the message</span>
                </button>
                <span className="office-day__age">{describeAge(message.sentAt, now)} ago</span>
              </span>
              <span className="office-day__detail">
                <span className="office-day__quote">“{message.preview}”</span> · {message.reference},{' '}
                {formatShortDate(message.arrival)}–{formatShortDate(message.departure)},{' '}
                {message.propertyName}
              </span>
            </li>
          ))}
        </ol>
      )}
      {more && (
        <button type="button" className="office-day__more" onClick={onShowAll}>
          {more}
          <span className="visually-hidden"> unread messages from guests, in the bookings</span>
        </button>
      )}
    </section>
  );
}

/**
 * The paid guests arriving within two weeks whose home has no arrival pack: they are owed the address,
 * the way in and the Wi-Fi, and would find nothing. Shown only when there are some.
 */
function PacksWaiting({
  packs,
  today,
  onOpen,
}: {
  packs: TodayAnswer['packsWaiting'];
  today: string;
  onOpen: Props['onOpen'];
}) {
  if (packs.length === 0) return null;
  return (
    <section className="office-day__block office-day__block--packs" aria-labelledby="day-packs">
      <h3 id="day-packs">
        Arrival packs to write ({packs.length})
        <span className="visually-hidden"> for paid guests arriving within {packWaitingDays} days</span>
      </h3>
      <ol className="office-day__rows">
        {packs.slice(0, rowsShown).map((pack) => (
          <li key={pack.id}>
            <span className="office-day__line">
              <button type="button" className="admin-table__open" onClick={() => onOpen(pack.id)}>
                {pack.guestName}
                <span className="visually-hidden">, {pack.reference}</span>
              </button>
              <span className="office-day__age">
                arrives {pack.arrival === today ? 'today' : formatShortDate(pack.arrival)}
              </span>
            </span>
            <span className="office-day__detail">
              Paid, but {pack.propertyName} has no arrival pack:{' '}
              <a href={`${paths.adminArrivalPacks}?property=${encodeURIComponent(pack.property)}`}>
                write the pack of {pack.propertyName}
              </a>
            </span>
          </li>
        ))}
      </ol>
      {packs.length > rowsShown && (
        <p className="office-day__detail">
          {describeMore(packs.length, rowsShown)} paid guests arriving within {packWaitingDays} days.
        </p>
      )}
    </section>
  );
}

/**
 * The emails that were never sent, so the office can reach the guest another way: shown only when
 * there are some, since an empty block every day would teach the eye to skip it.
 */
function FailedEmails({ failed, onOpen }: { failed: TodayAnswer['failedEmails']; onOpen: Props['onOpen'] }) {
  if (failed.count === 0) return null;
  const shown = failed.rows.slice(0, rowsShown);
  const unlisted = failed.count - shown.length;
  return (
    <section
      className="office-day__block office-day__block--failed-emails"
      aria-labelledby="day-failed-emails"
    >
      <h3 id="day-failed-emails">
        Emails not sent ({failed.count})
        <span className="visually-hidden"> in the last {failedEmailDays} days</span>
      </h3>
      <ol className="office-day__rows">
        {shown.map((email) => (
          <li key={email.id}>
            <span className="office-day__line">
              <button
                type="button"
                className="admin-table__open"
                onClick={() => onOpen(email.bookingRequestId)}
              >
                {nameEmail(email)}
                <span className="visually-hidden">: open its booking</span>
              </button>
              <span className="office-day__detail">{email.recipient}</span>
            </span>
            <span className="office-day__detail">{describeDelivery(email)}</span>
          </li>
        ))}
      </ol>
      {unlisted > 0 && (
        <p className="office-day__detail">
          {unlisted} more not listed here: a booking’s page shows its own, and account emails are only
          counted.
        </p>
      )}
    </section>
  );
}

type MovesProps = {
  title: string;
  stays: MovingStay[];
  /** How many the week holds, past the rows listed. */
  count: number;
  edge: 'arrival' | 'departure';
  today: string;
  onOpen: (id: string) => void;
  onShow: Props['onShow'];
};

/** This week's confirmed stays arriving or leaving, today's first, each with how to reach the guest. */
function Moves({ title, stays, count, edge, today, onOpen, onShow }: MovesProps) {
  const when = (date: string) => (date === today ? 'Today' : formatShortDate(date));
  const more = describeMore(count, rowsShown);
  return (
    <>
      <h4 id={`day-${edge}s`}>
        {title} ({count})
      </h4>
      {stays.length === 0 ? (
        <p className="admin__empty">None this week.</p>
      ) : (
        <ol className="office-day__rows" aria-labelledby={`day-${edge}s`}>
          {stays.slice(0, rowsShown).map((stay) => (
            <li key={stay.id}>
              <span className="office-day__line">
                <span className="office-day__when">{when(stay[edge])}</span>
                <button type="button" className="admin-table__open" onClick={() => onOpen(stay.id)}>
                  {stay.guestName}
                  <span className="visually-hidden">, {stay.reference}</span>
                </button>
                <span className={`office-day__state office-day__state--${stay.balance}`}>
                  {balanceStateLabels[stay.balance]}
                </span>
              </span>
              <span className="office-day__detail">
                <a href={`tel:${stay.phone.replace(/[^+\d]/g, '')}`}>{stay.phone}</a> ·{' '}
                <a href={`mailto:${stay.email}`}>{stay.email}</a> · {stay.propertyName}
              </span>
            </li>
          ))}
        </ol>
      )}
      {more && (
        // The calendar shows the week's stays, property by property.
        <button type="button" className="office-day__more" onClick={() => onShow('calendar')}>
          {more}
          <span className="visually-hidden"> {title.toLowerCase()} this week, on the occupancy calendar</span>
        </button>
      )}
    </>
  );
}
