import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrowPageCsp } from './page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (csp: string, body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="${csp}"></head><body>${body}</body></html>`;

describe('narrowing a page’s CSP to its own inline code', () => {
  const script = 'console.log(1)';
  const style = 'p{color:red}';
  const elsewhere = 'h1{color:blue}';
  const csp = `frame-src https://maps.example; script-src 'self' ${hash(script)} ${hash('other()')}; style-src 'self' ${hash(style)} ${hash(elsewhere)}`;

  it('keeps the hashes of the scripts and styles on the page and drops the rest', () => {
    const { html, narrowed } = narrowPageCsp(page(csp, `<script>${script}</script><style>${style}</style>`));
    expect(narrowed).toBe(true);
    expect(html).toContain(
      `content="frame-src https://maps.example; script-src 'self' ${hash(script)}; style-src 'self' ${hash(style)}"`,
    );
  });

  it('does not count JSON data or scripts loaded from a file as inline code', () => {
    const { html } = narrowPageCsp(
      page(
        csp,
        '<script type="application/ld+json">{"a":1}</script><script type="module" src="/x.js"></script>',
      ),
    );
    expect(html).toContain(`script-src 'self'; style-src 'self'"`);
  });

  it('leaves a page whole when its inline code has a hash the policy does not list, so it never loosens', () => {
    const original = page(csp, '<script>unlisted()</script>');
    expect(narrowPageCsp(original)).toEqual({ html: original, narrowed: false });
  });

  it('leaves a page without a CSP as it is', () => {
    const original = '<html><body><p>Hi</p></body></html>';
    expect(narrowPageCsp(original)).toEqual({ html: original, narrowed: false });
  });
});
