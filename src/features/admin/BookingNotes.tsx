import { type SubmitEvent, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminNotesRoute } from '../../lib/api-contract.ts';
import { BookingSectionBody, useBookingSection } from '../api/BookingSection.tsx';
import { isSessionGone, requestJson } from '../api/client.ts';
import { bookingNotesAnswerSchema, noteMaxLength } from '../booking/booking-note-contract.ts';
import { formatOfficeTime } from './admin-fields.ts';

/** The office's notes on a booking, oldest first with author and time, and a box to add one. */
export function BookingNotes({ bookingId, onSessionGone }: { bookingId: string; onSessionGone: () => void }) {
  const { section: notes, show } = useBookingSection(
    adminNotesRoute(bookingId),
    bookingNotesAnswerSchema,
    onSessionGone,
  );
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setRefusal('');
    setDone('');
    const answer = await requestJson(adminNotesRoute(bookingId), bookingNotesAnswerSchema, {
      method: 'POST',
      body: { body },
    });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setError(answer.fields.body);
      setRefusal(answer.fields.body ? '' : answer.message);
      return;
    }
    setError(undefined);
    show(answer.data);
    setBody('');
    setDone('Note added.');
  }

  return (
    <section className="ledger" aria-labelledby="notes-title">
      <h3 id="notes-title">Office notes</h3>
      <BookingSectionBody section={notes} loading="Loading the notes…">
        {({ notes: list }) =>
          list.length === 0 ? (
            <p>No notes yet.</p>
          ) : (
            <ol className="ledger__notes">
              {list.map((note) => (
                <li key={note.id}>
                  <p className="ledger__note-body">{note.body}</p>
                  <p className="ledger__who">
                    {note.authorEmail ?? 'The office'},{' '}
                    <time dateTime={note.createdAt}>{formatOfficeTime(note.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )
        }
      </BookingSectionBody>
      {/* A live region, not role="status": the dialog's one status is the booking's own. */}
      <p className="admin-detail__done" aria-live="polite">
        {done}
      </p>
      {refusal && (
        <p className="form__message" role="alert">
          {refusal}
        </p>
      )}
      <form className="ledger__form" noValidate onSubmit={(event) => void add(event)}>
        <TextField
          name="body"
          label="Add an office note"
          hint={`Only the office reads it: the guest never sees it. Several lines allowed, up to ${noteMaxLength} characters.`}
          multiline
          value={body}
          error={error}
          maxLength={noteMaxLength}
          onValueChange={(_name, value) => setBody(value)}
        />
        <button className="button button--primary" type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}
