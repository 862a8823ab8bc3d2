import { describe, expect, it } from 'vitest';
import { businessId, serializeJsonLd } from './structured-data.ts';

describe('serializeJsonLd', () => {
  it.each([
    [{ name: 'Kayal Villas' }, '{"name":"Kayal Villas"}'],
    [
      { text: '</script><script>alert(1)</script>' },
      '{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    ],
  ])('writes %o as %s', (data, expected) => {
    expect(serializeJsonLd(data)).toBe(expected);
  });

  it('still parses back to the same data', () => {
    const data = { '@type': 'VacationRental', name: 'A <b>villa</b> & pool' };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});

describe('businessId', () => {
  it('is one fragment on the site root, whatever page asks', () => {
    expect(businessId(new URL('https://kayalvillas.in/villas/x'))).toBe('https://kayalvillas.in/#business');
  });
});
