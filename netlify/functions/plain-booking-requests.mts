import type { Config } from '@netlify/functions';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bookingRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { PlainBookingForm } from '../../src/features/booking/PlainBookingForm.tsx';
import { todayInKerala } from '../../src/lib/dates.ts';
import { paths } from '../../src/lib/paths.ts';
import type { FormState } from '../../src/lib/public-forms.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { bookInstantly } from '../../src/server/booking/instant-book-service.ts';
import { priceRequest, sendBookingRequest } from '../../src/server/booking/request-service.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { renderFormStatePage } from '../../src/server/forms/render-form-page.ts';
import { endpoint, withCookies } from '../../src/server/http/endpoint.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { hashRequest } from '../../src/server/http/idempotency.ts';
import { enforceRateLimit, formRateLimit } from '../../src/server/http/rate-limit.ts';
import { clientAddress, readBody } from '../../src/server/http/request.ts';
import { HttpError } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';

/**
 * `POST /api/plain-booking-requests`: the booking page's form without JavaScript (PlainBookingForm),
 * answered with HTML: the booking page again, its form showing what was typed and each message, or
 * the request's reference once sent; an instant-book home goes on to the provider's page to pay. The
 * guest must be signed in (a session cookie, SameSite, so no other site's form can post as them); the
 * request is checked and priced by the same services as the island's JSON, and the same request posted
 * twice (a double click) is stored once.
 */
const slot = { name: 'booking', pagePath: paths.booking };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export default endpoint(['POST'], async (request, context) => {
  const client = clientAddress(context);
  await enforceRateLimit(formRateLimit('booking-request'), client);
  const body = await readBody(request);
  const values = body.format === 'form' ? body.value : {};
  const { properties } = await loadCatalogue();
  const homes = properties.filter((home) => home.forRent).map(({ slug, name }) => ({ slug, name }));
  const form = (state: FormState) =>
    renderToStaticMarkup(createElement(PlainBookingForm, { properties: homes, initial: state }));
  const { visitor, cookies } = await resolveVisitor(request);
  try {
    if (body.format !== 'form') {
      throw new HttpError(415, 'unsupported_media_type', 'Send the form as the booking page does.');
    }
    if (!visitor) {
      throw new HttpError(
        401,
        'unauthorized',
        'Please sign in first: without JavaScript, only a signed-in guest can send this form. Turn JavaScript on to book with your email address, or call or write to the office.',
      );
    }
    const input = validate(bookingRequestSchema, values);
    const key = `plain-${hashRequest(input).slice(0, 40)}`;
    const { property } = await priceRequest(input, todayInKerala());
    if (property.instantBook) {
      const hold = await bookInstantly(choosePaymentProvider(), visitor, client, input, key);
      return withCookies(new Response(null, { status: 303, headers: { location: hold.payUrl } }), cookies);
    }
    const sent = await sendBookingRequest(visitor, input, key);
    const done = () =>
      `<div class="outcome outcome--success" role="status"><h2>Your booking request is with us</h2><p>Your reference is ${escapeHtml(sent.reference)}. We have emailed you a receipt, and we confirm within one working day. <a href="${paths.account}">Your account page</a> lists it.</p></div>`;
    return withCookies(await renderFormStatePage(slot, done, { values: {}, errors: {} }, 201), cookies);
  } catch (error) {
    const refusal = toHttpError(error);
    if (refusal.status >= 500) throw error;
    const state = { values, errors: refusal.fields ?? {}, message: refusal.message };
    return withCookies(
      await renderFormStatePage(slot, form, state, refusal.status, refusal.headers),
      cookies,
    );
  }
});

export const config: Config = { path: '/api/plain-booking-requests' };
