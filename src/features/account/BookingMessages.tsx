import { useEffect, useRef, useState } from 'react';
import { accountMessagesRoute } from '../../lib/api-contract.ts';
import { BookingConversation } from '../booking/BookingConversation.tsx';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';

/** "Messages", with how many from the office are new: the words of the card's button. */
export function describeMessages(unread: number): string {
  if (unread === 0) return 'Messages';
  return `Messages (${unread} new)`;
}

/**
 * A booking's conversation with the office on its card: a button that says how many of the office's
 * messages are new, and opens the conversation (which marks them read) below it, as the email about a
 * message does by its link (`accountMessagesPath`); and, while the dates
 * can still change (`dateChange`, the message's start), "Ask to change dates", which opens it with
 * that message begun.
 */
export function BookingMessages({
  request,
  dateChange,
}: {
  request: AccountBookingRequest;
  dateChange?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [unread, setUnread] = useState(request.unreadMessages);
  const panelId = `messages-${request.id}`;
  const here = useRef<HTMLDivElement>(null);
  // The email about a message links here with `?messages=<id>`: that booking's conversation opens.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('messages') !== request.id) return;
    setOpen(true);
    setUnread(0);
    here.current?.scrollIntoView({ block: 'start' });
  }, [request.id]);
  return (
    <div className="request__messages" ref={here}>
      <p className="actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen(!open);
            // Opening reads them: the server marks them read as it answers.
            setUnread(0);
          }}
        >
          {describeMessages(open ? 0 : unread)}
          <span className="visually-hidden"> about {request.reference}</span>
        </button>
        {dateChange && (
          <button
            type="button"
            className="button button--ghost"
            aria-controls={panelId}
            onClick={() => {
              setDraft(dateChange);
              setOpen(true);
              setUnread(0);
            }}
          >
            Ask to change dates<span className="visually-hidden"> of {request.reference}</span>
          </button>
        )}
      </p>
      <div id={panelId} hidden={!open}>
        {open && (
          <BookingConversation
            // A new draft starts the box afresh with it.
            key={draft ?? ''}
            route={accountMessagesRoute(request.id)}
            reader="guest"
            fieldName={`message-${request.id}`}
            draft={draft}
          />
        )}
      </div>
    </div>
  );
}
