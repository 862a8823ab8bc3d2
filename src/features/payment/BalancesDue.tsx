import { type Ref, useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { describeDays } from './BookingPayments.tsx';
import { groupBalancesByStay } from './balance-groups.ts';
import {
  type BalanceDue,
  type BalancesDueAnswer,
  balancesDueAnswerSchema,
} from './payment-ledger-contract.ts';
import { SendReminder } from './SendReminder.tsx';

type Balances =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; answer: BalancesDueAnswer };

/** Where a balance stands, in words (never colour alone): overdue, due now, or due by its date. */
export function describeBalanceState({ summary }: BalanceDue): string {
  if (summary.overdue) return `Overdue by ${describeDays(summary.daysOverdue)}`;
  if (summary.dueNowPence > 0) return `${formatPence(summary.dueNowPence)} due now`;
  return 'Not yet due';
}

type Props = {
  headingRef: Ref<HTMLHeadingElement>;
  /** Bumped to load the list again (after a payment recorded from it). */
  version: number;
  onOpen: (id: string) => void;
  onSessionGone: () => void;
};

/**
 * Confirmed bookings with money outstanding, overdue and due now first: the list the office
 * chases payments from. Each reference opens the booking, where a payment is recorded.
 */
export function BalancesDue({ headingRef, version, onOpen, onSessionGone }: Props) {
  const [balances, setBalances] = useState<Balances>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only when asked to
  useEffect(() => {
    let current = true;
    void requestJson(apiRoutes.adminBalancesDue, balancesDueAnswerSchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      setBalances(
        answer.ok ? { status: 'loaded', answer: answer.data } : { status: 'failed', message: answer.message },
      );
    });
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <div className="admin__view">
      <div className="admin__view-head">
        <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
          Balances due
        </h2>
      </div>
      <p className="admin__note">
        Confirmed bookings with money still to receive. First the stays still ahead (overdue, then due now,
        then not yet due), then apart the stays that began before today. Open a reference to record a payment.
      </p>
      {balances.status === 'loading' && <p role="status">Loading the balances due…</p>}
      {balances.status === 'failed' && (
        <p className="form__message" role="alert">
          {balances.message}
        </p>
      )}
      {balances.status === 'loaded' &&
        (balances.answer.balances.length === 0 ? (
          <p className="admin__empty">Every confirmed booking is paid in full.</p>
        ) : (
          <BalanceGroups answer={balances.answer} onOpen={onOpen} onSessionGone={onSessionGone} />
        ))}
    </div>
  );
}

type GroupsProps = { answer: BalancesDueAnswer } & Pick<Props, 'onOpen' | 'onSessionGone'>;

/** The chase list of stays still ahead, then the stays already begun or over, each a table of its own. */
function BalanceGroups({ answer, onOpen, onSessionGone }: GroupsProps) {
  const { ahead, begun } = groupBalancesByStay(answer.balances, answer.today);
  const bookings = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;
  return (
    <>
      <h3 id="balances-ahead">Payments coming due ({ahead.length})</h3>
      {ahead.length === 0 ? (
        <p className="admin__empty">No stay still ahead has money outstanding.</p>
      ) : (
        <BalanceTable
          id="balances-ahead-caption"
          caption={`${bookings(ahead.length)} arriving from ${formatStayDate(answer.today)} with money outstanding`}
          balances={ahead}
          onOpen={onOpen}
          onSessionGone={onSessionGone}
        />
      )}
      {begun.length > 0 && (
        <>
          <h3 id="balances-begun">Stays already begun or over, still owing ({begun.length})</h3>
          <BalanceTable
            id="balances-begun-caption"
            caption={`${bookings(begun.length)} that arrived before ${formatStayDate(answer.today)} with money outstanding`}
            balances={begun}
            onOpen={onOpen}
            onSessionGone={onSessionGone}
          />
        </>
      )}
    </>
  );
}

type TableProps = { id: string; caption: string; balances: BalanceDue[] } & Pick<
  Props,
  'onOpen' | 'onSessionGone'
>;

function BalanceTable({ id, caption, balances, onOpen, onSessionGone }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="admin-table" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Guest</th>
            <th scope="col">Property</th>
            <th scope="col">Arrival</th>
            <th scope="col">Due by</th>
            <th scope="col">Received</th>
            <th scope="col">Refunded</th>
            <th scope="col">Outstanding</th>
            <th scope="col">State</th>
            <th scope="col">Reminder</th>
          </tr>
        </thead>
        <tbody>
          {balances.map((balance) => (
            <tr key={balance.id} className={balance.summary.overdue ? 'balances__overdue' : undefined}>
              <th scope="row">
                <button type="button" className="admin-table__open" onClick={() => onOpen(balance.id)}>
                  {balance.reference}
                </button>
              </th>
              <td data-label="Guest">{balance.guestName}</td>
              <td data-label="Property">{balance.propertyName}</td>
              <td className="balances__nowrap" data-label="Arrival">
                {formatStayDate(balance.arrival)}
              </td>
              <td className="balances__nowrap" data-label="Due by">
                {balance.summary.dueOn ? formatStayDate(balance.summary.dueOn) : 'On confirmation'}
              </td>
              <td className="balances__nowrap" data-label="Received">
                {formatPence(balance.summary.receivedPence)}
              </td>
              <td className="balances__nowrap" data-label="Refunded">
                {formatPence(balance.refundedPence)}
              </td>
              <td className="balances__nowrap" data-label="Outstanding">
                {formatPence(balance.summary.outstandingPence)}
              </td>
              <td data-label="State">
                {balance.summary.overdue ? (
                  <strong>{describeBalanceState(balance)}</strong>
                ) : (
                  describeBalanceState(balance)
                )}
              </td>
              <td data-label="Reminder">
                <SendReminder
                  bookingId={balance.id}
                  about={`${balance.guestName} (${balance.reference})`}
                  lastReminderAt={balance.lastReminderAt}
                  onSessionGone={onSessionGone}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
