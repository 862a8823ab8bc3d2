import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { optimizeEmittedSvgs } from './optimize-svg.ts';

// What a drawing program writes: an XML prolog, a comment, editor metadata and namespaces, long numbers.
const fromDrawingProgram = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with a drawing program -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
     viewBox="0 0 1600 1000" width="1600" height="1000" inkscape:version="1.3">
  <title>A lake at dawn</title>
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="0.5"/>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <g id="layer1" inkscape:label="Layer 1" inkscape:groupmode="layer">
    <rect x="0.000000" y="0.000000" width="1600.000000" height="1000.000000" style="fill:#2b4a78;fill-opacity:1"/>
    <path d="M 0.00000,800.00000 L 1600.00000,800.00000 L 1600.00000,1000.00000 L 0.00000,1000.00000 Z" fill="#0e4a47"/>
  </g>
</svg>
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'optimize-svg-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('an emitted SVG from a drawing program is rewritten smaller, still sized and titled', async () => {
  await writeFile(join(dir, 'lake.AbC123.svg'), fromDrawingProgram);
  const saved = await optimizeEmittedSvgs(dir);

  const optimized = await readFile(join(dir, 'lake.AbC123.svg'), 'utf8');
  expect(saved).toBe(fromDrawingProgram.length - optimized.length);
  expect(optimized.length).toBeLessThan(fromDrawingProgram.length * 0.6);
  expect(optimized).toMatch(/^<svg[^>]* width="1600" height="1000" viewBox="0 0 1600 1000"/);
  expect(optimized).toContain('<title>A lake at dawn</title>');
  expect(optimized).not.toMatch(/inkscape|sodipodi|<metadata|<!--/);
});

test('files other than SVG are left as they are, and a missing folder is no error', async () => {
  await writeFile(join(dir, 'page.AbC123.css'), 'body  {  color : red }');
  expect(await optimizeEmittedSvgs(dir)).toBe(0);
  expect(await readFile(join(dir, 'page.AbC123.css'), 'utf8')).toBe('body  {  color : red }');
  expect(await optimizeEmittedSvgs(join(dir, 'none'))).toBe(0);
});
