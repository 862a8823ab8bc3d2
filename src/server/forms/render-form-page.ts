import { formSlotMarkers } from '../../features/forms/form-slot.ts';
import type { FormState } from '../../features/forms/form-state.ts';
import type { HttpError } from '../http/responses.ts';

/** The page headers of netlify.toml, which Netlify does not add to function responses. */
export const pageSecurityHeaders: Record<string, string> = {
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
};

type RenderableForm = { name: string; pagePath: string; renderForm: (state: FormState) => string };

/**
 * Answers a no-JavaScript post that failed with the form's own page, its form replaced by one that
 * keeps what was typed and shows each message. The page is the built one, fetched from this site, so
 * it has the real layout; the form sits between `<!--form:NAME-->` markers the page puts around it.
 */
export async function renderFormPage(
  request: Request,
  form: RenderableForm,
  values: Record<string, string>,
  refusal: HttpError,
): Promise<Response> {
  const markup = form.renderForm({ values, errors: refusal.fields ?? {}, message: refusal.message });
  const page = await fetchPage(new URL(form.pagePath, request.url));
  const { start, end } = formSlotMarkers(form.name);
  const from = page?.indexOf(start) ?? -1;
  const to = page?.indexOf(end) ?? -1;
  const html =
    page && from >= 0 && to > from
      ? page.slice(0, from + start.length) + markup + page.slice(to)
      : fallbackPage(markup);
  return new Response(html, {
    status: refusal.status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...pageSecurityHeaders, ...refusal.headers },
  });
}

async function fetchPage(url: URL): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(3000),
    });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

function fallbackPage(markup: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form</title></head><body><main>${markup}</main></body></html>`;
}
