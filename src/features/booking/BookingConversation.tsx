import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { messagesReadRoute } from '../../lib/api-contract.ts';
import { formatKeralaTime } from '../../lib/dates.ts';
import { describeMomentForReader } from '../../lib/viewing-times.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  type BookingMessagesAnswer,
  bookingMessagesAnswerSchema,
  type MessageAuthor,
  messageMaxLength,
} from './booking-message-contract.ts';

type Thread =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; data: BookingMessagesAnswer };

/**
 * The guest's own time zone, as their device says it: the conversation renders only in the browser
 * (after its answer loads), so it never differs from a server's render.
 */
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How each reader names the two sides. */
const authorNames: Record<MessageAuthor, Record<MessageAuthor, string>> = {
  guest: { guest: 'You', office: 'The office' },
  office: { guest: 'The guest', office: 'The office' },
};

/**
 * A booking's conversation between its guest and the office, for either side: the messages oldest
 * first (what the other side wrote since the reader last looked marked new), and a box to write. The
 * guest's new messages are marked read once shown, by a POST of their own (the GET changes nothing);
 * the office marks them read by its own button, so a message glanced at while busy stays waiting on
 * the day's list until someone has dealt with it (answering marks it read too). Each message typed carries its own Idempotency-Key, so a double click
 * sends it once.
 */
export function BookingConversation({
  route,
  reader,
  fieldName,
  onSessionGone,
  draft,
  marksRead = 'on-open',
}: {
  /** The messages' API route, the guest's or the office's. */
  route: string;
  reader: MessageAuthor;
  /** The text box's name, unique on its page (its id is made from it). */
  fieldName: string;
  onSessionGone?: () => void;
  /** A message begun for the writer (the guest's request for other dates), the box focused after it. */
  draft?: string | undefined;
  /** Whether new messages are marked read once shown (the guest's) or by a button (the office's). */
  marksRead?: 'on-open' | 'by-hand';
}) {
  const [thread, setThread] = useState<Thread>({ status: 'loading' });
  const [body, setBody] = useState(draft ?? '');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);
  const [marking, setMarking] = useState(false);
  const key = useRef(crypto.randomUUID());
  const sendingNow = useRef(false);
  const titleId = `${fieldName}-title`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per booking (its route)
  useEffect(() => {
    let current = true;
    void requestJson(route, bookingMessagesAnswerSchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer) && onSessionGone) return onSessionGone();
      setThread(
        answer.ok ? { status: 'loaded', data: answer.data } : { status: 'failed', message: answer.message },
      );
      // Still shown as new on this screen; read from the next time on.
      if (marksRead === 'on-open' && answer.ok && answer.data.messages.some(({ isNew }) => isNew)) {
        void requestJson(messagesReadRoute(route), bookingMessagesAnswerSchema, { method: 'POST', body: {} });
      }
    });
    return () => {
      current = false;
    };
  }, [route]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the box opens with its draft
  useEffect(() => {
    if (!draft) return;
    const box = document.getElementById(`field-${fieldName}`);
    if (!(box instanceof HTMLTextAreaElement)) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  async function markRead() {
    if (marking) return;
    setMarking(true);
    setRefusal('');
    setDone('');
    const answer = await requestJson(messagesReadRoute(route), bookingMessagesAnswerSchema, {
      method: 'POST',
      body: {},
    });
    setMarking(false);
    if (isSessionGone(answer) && onSessionGone) return onSessionGone();
    if (!answer.ok) return setRefusal(answer.message);
    setThread({ status: 'loaded', data: answer.data });
    setDone('Marked as read.');
  }

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not state: a second click in the same frame must see the first one's send.
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setRefusal('');
    setDone('');
    const answer = await requestJson(route, bookingMessagesAnswerSchema, {
      method: 'POST',
      body: { body },
      headers: { 'idempotency-key': key.current },
    });
    sendingNow.current = false;
    setSending(false);
    if (isSessionGone(answer) && onSessionGone) return onSessionGone();
    if (!answer.ok) {
      setError(answer.fields.body);
      setRefusal(answer.fields.body ? '' : answer.message);
      return;
    }
    setError(undefined);
    setThread({ status: 'loaded', data: answer.data });
    setBody('');
    setDone('Message sent.');
    key.current = crypto.randomUUID();
  }

  const names = authorNames[reader];
  const unread = thread.status === 'loaded' ? thread.data.messages.filter(({ isNew }) => isNew).length : 0;
  return (
    <section className="conversation" aria-labelledby={titleId}>
      <h3 id={titleId} className="conversation__title">
        Messages
      </h3>
      {thread.status === 'loading' && <p>Loading the messages…</p>}
      {thread.status === 'failed' && (
        <p className="form__message" role="alert">
          {thread.message}
        </p>
      )}
      {thread.status === 'loaded' &&
        (thread.data.messages.length === 0 ? (
          <p>
            {reader === 'guest'
              ? 'No messages yet. Write to the office about this booking here.'
              : 'No messages with the guest yet.'}
          </p>
        ) : (
          <ol className="conversation__messages">
            {thread.data.messages.map((message) => (
              <li
                key={message.id}
                className={`conversation__message conversation__message--${message.author}`}
              >
                <p className="conversation__who">
                  {names[message.author]},{' '}
                  <time dateTime={message.createdAt}>
                    {reader === 'guest'
                      ? describeMomentForReader(message.createdAt, readerTimeZone())
                      : formatKeralaTime(message.createdAt)}
                  </time>
                  {message.isNew && <strong className="conversation__new"> New</strong>}
                </p>
                <p className="conversation__body">{message.body}</p>
              </li>
            ))}
          </ol>
        ))}
      {marksRead === 'by-hand' && unread > 0 && (
        <button
          className="button button--ghost"
          type="button"
          onClick={() => void markRead()}
          disabled={marking}
          aria-busy={marking}
        >
          {marking
            ? 'Marking…'
            : `Mark ${unread === 1 ? 'the new message' : `the ${unread} new messages`} as read`}
        </button>
      )}
      <p className="conversation__done" aria-live="polite">
        {done}
      </p>
      {refusal && (
        <p className="form__message" role="alert">
          {refusal}
        </p>
      )}
      <form className="conversation__form" noValidate onSubmit={(event) => void send(event)}>
        <TextField
          name={fieldName}
          label={reader === 'guest' ? 'Write to the office' : 'Write to the guest'}
          hint={
            reader === 'guest'
              ? `The office reads it and is emailed a link to it. Up to ${messageMaxLength} characters.`
              : `The guest reads it, and is emailed a link to it. Up to ${messageMaxLength} characters.`
          }
          multiline
          value={body}
          error={error}
          maxLength={messageMaxLength}
          onValueChange={(_name, value) => setBody(value)}
        />
        <button className="button button--primary" type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
