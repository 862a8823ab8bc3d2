import { type SubmitEvent, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminNotesRoute } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { formatOfficeTime } from './admin-fields.ts';
import { type BookingNote, bookingNotesAnswerSchema, noteMaxLength } from './ledger-contract.ts';

type Notes =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; notes: BookingNote[] };

/** The office's notes on a booking, oldest first with author and time, and a box to add one. */
export function BookingNotes({ bookingId, onSessionGone }: { bookingId: string; onSessionGone: () => void }) {
  const [notes, setNotes] = useState<Notes>({ status: 'loading' });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opened booking
  useEffect(() => {
    let current = true;
    void requestJson(adminNotesRoute(bookingId), bookingNotesAnswerSchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      setNotes(
        answer.ok
          ? { status: 'loaded', notes: answer.data.notes }
          : { status: 'failed', message: answer.message },
      );
    });
    return () => {
      current = false;
    };
  }, [bookingId]);

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
    setNotes({ status: 'loaded', notes: answer.data.notes });
    setBody('');
    setDone('Note added.');
  }

  return (
    <section className="ledger" aria-labelledby="notes-title">
      <h3 id="notes-title">Notes</h3>
      {notes.status === 'loading' && <p>Loading the notes…</p>}
      {notes.status === 'failed' && (
        <p className="form__message" role="alert">
          {notes.message}
        </p>
      )}
      {notes.status === 'loaded' &&
        (notes.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ol className="ledger__notes">
            {notes.notes.map((note) => (
              <li key={note.id}>
                <p className="ledger__note-body">{note.body}</p>
                <p className="ledger__who">
                  {note.authorEmail ?? 'The office'},{' '}
                  <time dateTime={note.createdAt}>{formatOfficeTime(note.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        ))}
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
          label="Add a note"
          hint={`For the office only; several lines allowed, up to ${noteMaxLength} characters.`}
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
