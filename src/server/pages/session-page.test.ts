import { describe, expect, it } from 'vitest';
import { findIsland, pageStateScript, printIsland } from './session-page.ts';

const opts = (value: unknown) => JSON.stringify({ name: 'BookingForm', value }).replaceAll('"', '&quot;');
const props = JSON.stringify({
  properties: [1, [[0, { slug: [0, 'kovalam-cliff-villa'], seasons: [1, []], instantBook: [0, false] }]]],
}).replaceAll('"', '&quot;');
const built = `<main><h1>Request a booking</h1><div class="session-island"><astro-island uid="x" prefix="r2" component-url="/_astro/BookingForm.Bi02Z3Am.js" props="${props}" ssr client="interaction" opts="${opts({ wakeAtOnce: true })}"><p>Checking whether you are signed in…</p></astro-island></div><footer></footer></main>`;

describe('a page printed per request', () => {
  it('reads back the island its build printed: its props as the browser gets them and its useId prefix', () => {
    const island = findIsland(built, 'BookingForm');
    expect(island?.prefix).toBe('r2');
    expect(island?.props).toEqual({
      properties: [{ slug: 'kovalam-cliff-villa', seasons: [], instantBook: false }],
    });
    expect(findIsland(built, 'AccountBookings')).toBeUndefined();
  });

  it('puts the visitor’s markup and state in the island and lets it sleep until reached for', () => {
    const island = findIsland(built, 'BookingForm');
    if (!island) throw new Error('no island');
    const state = { user: null, query: '?property=kovalam-cliff-villa' };
    const page = printIsland(built, island, { markup: '<form id="r2-form"></form>', state });
    expect(page).toContain('<form id="r2-form"></form></astro-island><script type="application/json"');
    expect(page).not.toContain('Checking whether you are signed in');
    expect(page).toContain(`opts="${opts({})}"`);
    expect(page.endsWith('</div><footer></footer></main>')).toBe(true);
    // Printed unknowing, the page is as built: its island wakes at once and asks.
    expect(printIsland(built, island, null)).toBe(built);
  });

  it('holds a state whose text would end its element as data, never markup', () => {
    const script = pageStateScript({ user: null, query: '?x=</script><script>alert(1)</script>' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(script.indexOf('>') + 1, script.lastIndexOf('<'));
    expect(JSON.parse(json).query).toBe('?x=</script><script>alert(1)</script>');
  });
});

describe('a printed page’s answer', () => {
  it('is never cached, and leaves indexing to the page’s own head (/booking is a page to find)', async () => {
    const { sessionPageResponse } = await import('./session-page.ts');
    const response = sessionPageResponse('<p>hi</p>');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBeNull();
  });
});
