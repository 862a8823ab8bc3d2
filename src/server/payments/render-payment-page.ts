import { paths } from '../../lib/paths.ts';
import { formSlotMarkers } from '../../lib/public-forms.ts';
import { pageSecurityHeaders, readBuiltPage } from '../forms/render-form-page.ts';

/** The name of the payment page's slot, between `<!--form:payment-->` markers. */
export const paymentSlot = 'payment';

/**
 * The payment page with `markup` in its slot: the page the build wrote to `dist/payment/index.html`,
 * read from disk and never fetched, as the search page is. Never indexed, never cached: it is about
 * one guest's money.
 */
export async function renderPaymentPage(
  markup: string,
  status: number,
  root = process.cwd(),
): Promise<Response> {
  const page = await readBuiltPage(root, paths.payment);
  const { start, end } = formSlotMarkers(paymentSlot);
  const from = page?.indexOf(start) ?? -1;
  const to = page?.indexOf(end) ?? -1;
  const html =
    page && from >= 0 && to > from
      ? page.slice(0, from + start.length) + markup + page.slice(to)
      : `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Your payment</title></head><body><main>${markup}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...pageSecurityHeaders,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
