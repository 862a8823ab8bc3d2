import { useState } from 'react';
import { adminGuestListRoute } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  formCFieldLabels,
  formCPurposes,
  formCSexes,
  nameNationality,
  type OfficeGuestListAnswer,
  officeGuestListAnswerSchema,
  type StoredFormCDetails,
  visaTypes,
} from '../booking/guest-list-contract.ts';

/**
 * A foreign guest's Form C details in a line, in the form's order; what a list stored before a field
 * was asked lacks is named, for the office to ask the guest.
 */
function describeFormC(formC: StoredFormCDetails): string {
  const given = (value: string | undefined, words: (value: string) => string) =>
    value ? words(value) : undefined;
  const parts = [
    nameNationality(formC.nationality),
    formC.sex && formCSexes[formC.sex],
    given(formC.dateOfBirth, (day) => `born ${formatStayDate(day)}`),
    `passport ${formC.passportNumber}`,
    given(formC.passportExpiresOn, (day) => `valid until ${formatStayDate(day)}`),
    `${formC.visaType ? visaTypes[formC.visaType] : 'visa'} ${formC.visaNumber}`,
    given(formC.arrivedInIndia, (day) => `in India from ${formatStayDate(day)}`),
    given(formC.arrivingFrom, (place) => `arriving from ${place}`),
    given(formC.goingNext, (place) => `going next to ${place}`),
    formC.purpose && formCPurposes[formC.purpose],
  ].filter(Boolean);
  const missing = (Object.keys(formCFieldLabels) as (keyof typeof formCFieldLabels)[]).filter(
    (key) => formC[key] === undefined,
  );
  return `${parts.join(', ')}${missing.length > 0 ? ` (not given yet: ${missing.map((key) => formCFieldLabels[key].toLowerCase()).join(', ')})` : ''}`;
}

/**
 * Who is coming on a booking, on its detail in the office. The details stay closed until asked for:
 * each opening decrypts the guests' passports and visas on the server and is recorded in the admin's
 * name, so a booking opened for another reason leaves no read of them.
 */
export function BookingGuests({
  bookingId,
  onSessionGone,
}: {
  bookingId: string;
  onSessionGone: () => void;
}) {
  const [answer, setAnswer] = useState<OfficeGuestListAnswer | null>(null);
  const [problem, setProblem] = useState('');
  const [loading, setLoading] = useState(false);
  const titleId = `guests-${bookingId}`;

  async function show() {
    setLoading(true);
    const read = await requestJson(adminGuestListRoute(bookingId), officeGuestListAnswerSchema);
    setLoading(false);
    if (isSessionGone(read)) return onSessionGone();
    if (read.ok) setAnswer(read.data);
    else setProblem(read.message);
  }

  return (
    <section className="ledger" aria-labelledby={titleId}>
      <h3 id={titleId}>Who is coming</h3>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {!answer ? (
        <>
          <p>
            The guests’ names, and the passports and visas of foreign guests for{' '}
            <a href={paths.adminFormC}>Form C</a>. Showing them is recorded in your name.
          </p>
          <button
            className="button button--ghost"
            type="button"
            disabled={loading}
            aria-busy={loading}
            onClick={() => void show()}
          >
            Show the guest list
          </button>
        </>
      ) : !answer.list ? (
        <p>The guest has not listed who is coming yet.</p>
      ) : (
        <>
          <p>Arriving at {answer.list.arrivalTime} (India time).</p>
          <ul className="admin-detail__history">
            {answer.list.guests.map((guest, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown whole, in the guest's order
              <li key={index}>
                {guest.name}
                {guest.childAge !== null && `, ${guest.childAge} years old`}
                {guest.formC && `: ${describeFormC(guest.formC)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
