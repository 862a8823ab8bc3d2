import { apiRoutes } from '../../lib/api-contract.ts';
import { requestJson } from '../api/client.ts';
import { stayQuoteAnswerSchema, stayQuoteRequestSchema } from './booking-contract.ts';

export type StayToQuote = { property: string; arrival: string; departure: string; guests: string };

/** What sending a quote came to: the address it went to, or the refusal to show beside the field. */
export type QuoteSending = { sentTo: string } | { problem: string };

/**
 * Checks the stay and the address as the server will, then asks the server to price the stay and email
 * it. Its own module because it carries zod and the API client: the property panel loads it only once
 * a guest opens "Email me this quote", so a villa page's first touch does not fetch them.
 */
export async function sendStayQuote(stay: StayToQuote, email: string): Promise<QuoteSending> {
  const parsed = stayQuoteRequestSchema.safeParse({ ...stay, email });
  if (!parsed.success)
    return { problem: parsed.error.issues[0]?.message ?? 'Check the stay and the address' };
  const answer = await requestJson(apiRoutes.stayQuotes, stayQuoteAnswerSchema, {
    method: 'POST',
    body: parsed.data,
  });
  if (answer.ok) return { sentTo: answer.data.email };
  return { problem: Object.values(answer.fields)[0] ?? answer.message };
}
