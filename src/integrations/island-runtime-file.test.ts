import { describe, expect, it } from 'vitest';
import { externalizeIslandRuntime, islandRuntimeFileText, islandRuntimePath } from './island-runtime-file.ts';

const runtime =
  '(()=>{class f extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const directive =
  '(()=>{(self.Astro||(self.Astro={})).idle=()=>{};window.dispatchEvent(new Event("astro:idle"));})();';
const page = (scripts: string) =>
  `<html><head><style>astro-island{display:contents}</style></head><body>${scripts}<astro-island client="idle"></astro-island></body></html>`;

describe('the island runtime as one file', () => {
  it('takes the script that defines <astro-island> out of the page and loads it from a file named after its text', () => {
    const { html, file } = externalizeIslandRuntime(
      page(`<script>${directive}</script><script>${runtime}</script>`),
    );
    expect(file).toEqual({
      path: islandRuntimePath(islandRuntimeFileText(runtime)),
      text: islandRuntimeFileText(runtime),
    });
    expect(file?.text).toContain(runtime);
    expect(html).toBe(page(`<script>${directive}</script><script src="${file?.path}" async></script>`));
    expect(file?.path).toMatch(/^\/_astro\/island-runtime\.[0-9a-f]{10}\.js$/);
  });

  it('names a changed runtime differently, so a cached file is never the wrong one', () => {
    expect(islandRuntimePath(islandRuntimeFileText(`${runtime} `))).not.toBe(
      islandRuntimePath(islandRuntimeFileText(runtime)),
    );
  });

  it('leaves a page without islands, its directives and its JSON data as they are', () => {
    const plain = `<html><body><script type="application/ld+json">{"a":"astro-island"}</script><script>${directive}</script></body></html>`;
    expect(externalizeIslandRuntime(plain)).toEqual({ html: plain, file: null });
  });
});
