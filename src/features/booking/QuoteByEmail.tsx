import { useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import type { QuoteSending, StayToQuote } from './send-stay-quote.ts';

/** The sending module (zod, the API client), asked for once the guest opens the form, and kept. */
let sending: Promise<typeof import('./send-stay-quote.ts')> | undefined;
const loadSending = () => {
  sending ??= import('./send-stay-quote.ts');
  return sending;
};

type Props = {
  stay: StayToQuote;
  /** The address the form already has (the account's, or the one typed), to start from. */
  email: string;
};

/**
 * "Email me this quote": the stay priced on this page, emailed once to keep, with a link that reopens
 * this form with it (priced again then). No account needed; nothing more is sent unless asked again.
 */
export function QuoteByEmail({ stay, email }: Props) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState(email);
  const [problem, setProblem] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send() {
    setPending(true);
    setProblem(undefined);
    let outcome: QuoteSending;
    try {
      outcome = await (await loadSending()).sendStayQuote(stay, address);
    } catch {
      // The module itself could not be fetched (offline, or a deploy replaced it): forget it, to try
      // again, and say what the API client says of a server not reached (its words; it is not loaded).
      sending = undefined;
      outcome = { problem: 'We could not reach the server. Check your connection and try again.' };
    }
    setPending(false);
    if ('sentTo' in outcome) setSentTo(outcome.sentTo);
    else setProblem(outcome.problem);
  }

  function openForm() {
    setOpen(true);
    // Fetched while the guest checks the address, so Send does not wait for it.
    void loadSending().catch(() => {
      sending = undefined;
    });
  }

  if (sentTo) {
    return (
      <p className="booking__quote-sent" role="status">
        Quote sent to <strong>{sentTo}</strong>, with a link back to this stay. We send nothing else about it.
      </p>
    );
  }
  if (!open) {
    return (
      <button className="button button--ghost booking__quote" type="button" onClick={openForm}>
        Email me this quote
      </button>
    );
  }
  return (
    <fieldset className="booking__quote">
      <legend>Where should we send the quote? No account needed.</legend>
      <TextField
        name="quoteEmail"
        label="Email for the quote"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={address}
        error={problem}
        onValueChange={(_, value) => setAddress(value)}
      />
      <button
        className="button button--primary"
        type="button"
        onClick={() => void send()}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? 'Sending the quote…' : 'Send the quote'}
      </button>
    </fieldset>
  );
}
