import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import ContactMessageForm from '../../src/features/contact-message/ContactMessageForm.tsx';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { renderForm } from '../../src/features/forms/render-form.ts';
import PartnerEnquiryForm from '../../src/features/partner-enquiry/PartnerEnquiryForm.tsx';
import { partnerEnquiryForm } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import { renderFormPage } from '../../src/server/forms/render-form-page.ts';
import { HttpError } from '../../src/server/http/responses.ts';

const publicForms = [contactMessageForm, careerApplicationForm, partnerEnquiryForm];

const refusal = new HttpError(422, 'validation_failed', 'Some fields need your attention.', {
  email: 'Enter a valid email address, like name@example.com',
});

async function buildWith(pages: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'kayal-built-pages-'));
  for (const [pagePath, html] of Object.entries(pages)) {
    await mkdir(path.join(root, 'dist', pagePath), { recursive: true });
    await writeFile(path.join(root, 'dist', pagePath, 'index.html'), html);
  }
  return root;
}

describe('renderFormPage', () => {
  it('answers on the built page, its form replaced by one with the messages and what was typed', async () => {
    const root = await buildWith({
      '/contact':
        '<html><header>Kayal Villas</header><!--form:contact--><astro-island>…</astro-island><!--/form:contact--><footer>Kochi</footer></html>',
    });
    const response = await renderFormPage(
      contactMessageForm,
      renderForm(ContactMessageForm),
      { name: 'Asha', email: 'asha@' },
      refusal,
      root,
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toMatch(
      /^<html><header>Kayal Villas<\/header><!--form:contact--><form[\s\S]*<\/form><!--\/form:contact--><footer>Kochi<\/footer><\/html>$/,
    );
    expect(html).not.toContain('astro-island');
    expect(html).toContain('Enter a valid email address, like name@example.com');
    expect(html).toContain('value="asha@"');
    expect(html).toContain('value="Asha"');
  });

  it('answers on a bare page of its own when the build has no such page', async () => {
    const root = await buildWith({});
    const response = await renderFormPage(
      partnerEnquiryForm,
      renderForm(PartnerEnquiryForm),
      { name: 'Thomas' },
      refusal,
      root,
    );
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('value="Thomas"');
  });

  it('ships the built page of every public form with the functions (netlify.toml included_files)', async () => {
    const config = parse(await readFile('netlify.toml', 'utf8')) as {
      functions: { included_files: string[] };
    };
    for (const form of publicForms) {
      expect(config.functions.included_files).toContain(`dist${form.pagePath}/index.html`);
    }
  });
});
