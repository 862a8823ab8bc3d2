import { describe, expect, it } from 'vitest';
import { listIslandModules, moduleClosure } from './island-modules.ts';

const modules: Record<string, string> = {
  '/_astro/client.abc.js': 'import{r as e}from"./index.def.js";export{e as default};',
  '/_astro/index.def.js': 'export const r=1;',
  '/_astro/Carousel.123.js':
    'import{j as t}from"./jsx-runtime.9.js";import"./index.def.js";export default t;',
  '/_astro/jsx-runtime.9.js': 'export const j=2;const later=()=>import("./Viewer.7.js");',
  '/_astro/Viewer.7.js': 'export default 3;',
};
const readModule = (path: string) => {
  const text = modules[path];
  if (text === undefined) throw new Error(`no module ${path}`);
  return text;
};

describe('moduleClosure', () => {
  it('follows static imports once each and leaves dynamic imports for later', () => {
    expect(moduleClosure(['/_astro/client.abc.js', '/_astro/Carousel.123.js'], readModule)).toEqual([
      '/_astro/client.abc.js',
      '/_astro/index.def.js',
      '/_astro/Carousel.123.js',
      '/_astro/jsx-runtime.9.js',
    ]);
  });
});

describe('listIslandModules', () => {
  it('lists what an island that wakes on interaction will run', () => {
    const html =
      '<astro-island uid="1" component-url="/_astro/Carousel.123.js" renderer-url="/_astro/client.abc.js" client="interaction" ssr><p>x</p></astro-island>';
    expect(listIslandModules(html, readModule)).toContain(
      'client="interaction" ssr data-modules="/_astro/client.abc.js /_astro/index.def.js /_astro/Carousel.123.js /_astro/jsx-runtime.9.js">',
    );
  });

  it('leaves an island that starts by itself as it was', () => {
    const html =
      '<astro-island component-url="/_astro/Carousel.123.js" renderer-url="/_astro/client.abc.js" client="load" ssr></astro-island>';
    expect(listIslandModules(html, readModule)).toBe(html);
  });
});
