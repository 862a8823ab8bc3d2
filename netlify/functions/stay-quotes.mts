import type { Config } from '@netlify/functions';
import { stayQuoteRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { emailStayQuote } from '../../src/server/booking/stay-quote-service.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { enforceRateLimit, formRateLimit } from '../../src/server/http/rate-limit.ts';
import { clientAddress, readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** `POST /api/stay-quotes`: "Email me this quote"; 202 whether or not the mailbox's caps let it go. */
export default endpoint(['POST'], async (request, context) => {
  await enforceRateLimit(formRateLimit('stay-quote'), clientAddress(context));
  const body = await readBody(request);
  if (body.format !== 'json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the quote request as application/json.');
  }
  const stay = validate(stayQuoteRequestSchema, body.value);
  await emailStayQuote(stay);
  return json({ status: 'quote_sent', email: stay.email }, 202);
});

export const config: Config = { path: '/api/stay-quotes' };
