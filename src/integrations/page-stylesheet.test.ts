import { describe, expect, it } from 'vitest';
import { combinePageStylesheets, pageStylesheetPath } from './page-stylesheet.ts';

const files: Record<string, string> = {
  '/_astro/sections.a1.css': '.gallery{display:grid}\n',
  '/_astro/booking.b2.css': '.panel{padding:1rem}',
  '/_astro/layout.c3.css': 'body{margin:0}',
};
const cssOf = (path: string) => {
  const css = files[path];
  if (css === undefined) throw new Error(`no such file ${path}`);
  return css;
};
const link = (path: string) => `<link rel="stylesheet" href="${path}">`;
const page = (head: string) => `<html><head><title>Villa</title>${head}</head><body><p>Hi</p></body></html>`;

describe('one stylesheet for a page that links several', () => {
  it('joins the linked files and the inline styles between them, in the page’s order, into one file named after its text', () => {
    const { html, stylesheet } = combinePageStylesheets(
      page(
        `<style>astro-island{display:contents}</style>${link('/_astro/sections.a1.css')}<style>.lead{color:red}</style>` +
          `<meta name="theme-color" content="#0e4a47">${link('/_astro/booking.b2.css')}${link('/_astro/layout.c3.css')}<style>.after{color:blue}</style>`,
      ),
      cssOf,
    );
    const css = '.gallery{display:grid}\n.lead{color:red}\n.panel{padding:1rem}\nbody{margin:0}\n';
    expect(stylesheet).toEqual({ path: pageStylesheetPath(css.trimEnd()), css });
    // The style before the first link and the one after the last keep their places; so does the meta.
    expect(html).toBe(
      page(
        `<style>astro-island{display:contents}</style>${link(pageStylesheetPath(css.trimEnd()))}` +
          `<meta name="theme-color" content="#0e4a47"><style>.after{color:blue}</style>`,
      ),
    );
  });

  it('gives pages that link the same files the same file, and different files another', () => {
    const villa = page(`${link('/_astro/sections.a1.css')}${link('/_astro/layout.c3.css')}`);
    const apartment = page(`${link('/_astro/sections.a1.css')}${link('/_astro/layout.c3.css')}`);
    const home = page(`${link('/_astro/booking.b2.css')}${link('/_astro/layout.c3.css')}`);
    const pathOf = (html: string) => combinePageStylesheets(html, cssOf).stylesheet?.path;
    expect(pathOf(villa)).toBe(pathOf(apartment));
    expect(pathOf(home)).not.toBe(pathOf(villa));
    expect(pathOf(villa)).toMatch(/^\/_astro\/page-styles\.[0-9a-f]{10}\.css$/);
  });

  it('leaves a page with one stylesheet or none as it is', () => {
    for (const original of [
      page(link('/_astro/layout.c3.css')),
      page('<style>p{margin:0}</style>'),
      page(''),
    ])
      expect(combinePageStylesheets(original, cssOf)).toEqual({ html: original, stylesheet: null });
  });

  it('leaves a page whose inline style between its links points at a picture by a relative path', () => {
    const original = page(
      `${link('/_astro/sections.a1.css')}<style>.hero{background:url(hero.svg)}</style>${link('/_astro/layout.c3.css')}`,
    );
    expect(combinePageStylesheets(original, cssOf)).toEqual({ html: original, stylesheet: null });
  });

  it('does not touch a stylesheet linked from the body or from another site', () => {
    const original = `<html><head>${link('https://cdn.example/x.css')}${link('/_astro/layout.c3.css')}</head><body>${link('/_astro/booking.b2.css')}</body></html>`;
    expect(combinePageStylesheets(original, cssOf)).toEqual({ html: original, stylesheet: null });
  });
});
