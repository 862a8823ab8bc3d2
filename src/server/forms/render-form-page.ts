import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FormState, formSlotMarkers } from '../../lib/public-forms.ts';
import type { HttpError } from '../http/responses.ts';
import { log } from '../runtime/logger.ts';

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

/** The form's markup with the person's values and the field messages, for the no-JavaScript path. */
export type FormRenderer = (state: FormState) => string;

type RenderableForm = { name: string; pagePath: string };

/**
 * Answers a no-JavaScript post that failed with the form's own page, its form replaced by one that
 * keeps what was typed and shows each message. The page is the one the build wrote to
 * `dist/<page>/index.html`, read from disk (netlify.toml ships it with the functions), never fetched:
 * a request names whatever host it likes, and a fetch from it would make the function reach that
 * host and serve its answer as ours. The form sits between `<!--form:NAME-->` markers the page puts
 * around it.
 */
export async function renderFormPage(
  form: RenderableForm,
  renderForm: FormRenderer,
  values: Record<string, string>,
  refusal: HttpError,
  root = process.cwd(),
): Promise<Response> {
  const state = { values, errors: refusal.fields ?? {}, message: refusal.message };
  return renderFormStatePage(form, renderForm, state, refusal.status, refusal.headers, root);
}

/**
 * The form's page with the form in `state`: a refused post's answer above, or a step of a form that
 * works without JavaScript (the viewing form's times, once the buyer has said where they are).
 */
export async function renderFormStatePage(
  form: RenderableForm,
  renderForm: FormRenderer,
  state: FormState,
  status: number,
  headers: Record<string, string> = {},
  root = process.cwd(),
): Promise<Response> {
  const markup = renderForm(state);
  const page = await readBuiltPage(root, form.pagePath);
  const { start, end } = formSlotMarkers(form.name);
  const from = page?.indexOf(start) ?? -1;
  const to = page?.indexOf(end) ?? -1;
  const html =
    page && from >= 0 && to > from
      ? page.slice(0, from + start.length) + markup + page.slice(to)
      : fallbackPage(markup);
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...pageSecurityHeaders, ...headers },
  });
}

// A warm Netlify instance keeps its module, so each page is read once per instance.
const builtPages = new Map<string, Promise<string | undefined>>();

/** The built page at `pagePath` (a path the code names, never one from a request), if the build wrote it. */
export function readBuiltPage(root: string, pagePath: string): Promise<string | undefined> {
  const file = path.join(root, 'dist', pagePath, 'index.html');
  let page = builtPages.get(file);
  if (!page) {
    page = readFile(file, 'utf8').catch((error: unknown) => {
      log().error(
        { err: error, file },
        'A built page could not be read (no build?); the form is answered on a bare page',
      );
      return undefined;
    });
    builtPages.set(file, page);
  }
  return page;
}

function fallbackPage(markup: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form</title></head><body><main>${markup}</main></body></html>`;
}
