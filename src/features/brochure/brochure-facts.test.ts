import { describe, expect, it } from 'vitest';
import { describeBrochureLink, describeRera, hasBrochure } from './brochure-facts.ts';

const registration = {
  registration: 'K-RERA/PRJ/KKD/118/2025',
  registrationUrl: 'https://rera.kerala.gov.in/explore-projects/K-RERA-PRJ-KKD-118-2025',
  website: 'https://rera.kerala.gov.in',
};

describe('hasBrochure', () => {
  it.each([
    ['for sale and registered', { saleStatus: 'available', rera: registration }, true],
    [
      'under offer and exempt',
      { saleStatus: 'under-offer', rera: { website: '', exemption: 'completed-home' } },
      true,
    ],
    ['sold', { saleStatus: 'sold', rera: registration }, false],
    ['not for sale', { saleStatus: 'not-for-sale', rera: registration }, false],
    ['a project neither registered nor exempt', { saleStatus: 'not-for-sale' }, false],
  ] as const)('%s: %s', (_, home, expected) => {
    expect(hasBrochure(home)).toBe(expected);
  });
});

describe('describeBrochureLink', () => {
  it.each([
    [58_822, 'Brochure (PDF, 59 kB)'],
    [49_499, 'Brochure (PDF, 49 kB)'],
    [120, 'Brochure (PDF, 1 kB)'],
  ])('%i bytes read "%s"', (bytes, label) => {
    expect(describeBrochureLink('villas', 'kovalam-cliff-villa', bytes)).toEqual({
      href: '/brochures/villas/kovalam-cliff-villa.pdf',
      label,
    });
  });
});

describe('describeRera', () => {
  it('names the registration and the regulator, or gives the exemption', () => {
    expect(describeRera(registration)).toBe(
      'K-RERA registration K-RERA/PRJ/KKD/118/2025. Regulator: rera.kerala.gov.in',
    );
    expect(describeRera({ website: 'https://rera.kerala.gov.in', exemption: 'completed-home' })).toMatch(
      /^A finished home sold by its owner/,
    );
  });
});
