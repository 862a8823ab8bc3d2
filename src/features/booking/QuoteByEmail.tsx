import { useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import { requestJson } from '../api/client.ts';
import { stayQuoteAnswerSchema, stayQuoteRequestSchema } from './booking-contract.ts';

type Props = {
  stay: { property: string; arrival: string; departure: string; guests: string };
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
    const parsed = stayQuoteRequestSchema.safeParse({ ...stay, email: address });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the stay and the address');
      return;
    }
    setPending(true);
    setProblem(undefined);
    const answer = await requestJson(apiRoutes.stayQuotes, stayQuoteAnswerSchema, {
      method: 'POST',
      body: parsed.data,
    });
    setPending(false);
    if (answer.ok) setSentTo(answer.data.email);
    else setProblem(Object.values(answer.fields)[0] ?? answer.message);
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
      <button className="button button--ghost booking__quote" type="button" onClick={() => setOpen(true)}>
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
