import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as careerApplications from '../../netlify/functions/career-applications.mts';
import * as contactMessages from '../../netlify/functions/contact-messages.mts';
import * as partnerEnquiries from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { partnerEnquiryForm } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';

const pages = path.resolve(import.meta.dirname, '../../src/pages');

/** The Astro page that serves `pagePath`: `src/pages/x.astro` or `src/pages/x/index.astro`. */
const hasPage = (pagePath: string) =>
  existsSync(path.join(pages, `${pagePath}.astro`)) || existsSync(path.join(pages, pagePath, 'index.astro'));

describe.each([
  ['contact', contactMessageForm, contactMessages],
  ['careers', careerApplicationForm, careerApplications],
  ['partner', partnerEnquiryForm, partnerEnquiries],
])('the %s form contract', (_name, form, fn) => {
  it('names the route its function is served on', () => {
    expect(fn.config.path).toBe(form.endpoint);
  });

  it('names a page and a sent page the site has', () => {
    expect(hasPage(form.pagePath), form.pagePath).toBe(true);
    expect(hasPage(form.sentPath), form.sentPath).toBe(true);
  });
});

it('gives every public form its own name, so rate limits and idempotency scopes never mix', () => {
  const names = [contactMessageForm, careerApplicationForm, partnerEnquiryForm].map((form) => form.name);
  expect(new Set(names).size).toBe(names.length);
});
