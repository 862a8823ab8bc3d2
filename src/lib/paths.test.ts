import { describe, expect, it, test } from 'vitest';
import {
  apartmentPath,
  bookingPath,
  brochurePath,
  cmsEntryPath,
  isCurrentSection,
  plainReturnPath,
  postPath,
  propertyPath,
  safeReturnPath,
  telephoneHref,
  villaPath,
  withStay,
} from './paths.ts';

describe('isCurrentSection', () => {
  it.each([
    ['/', '/', true],
    ['/', '/villas', false],
    ['/villas', '/villas', true],
    ['/villas', '/villas/', true],
    ['/villas', '/villas/kovalam-cliff-villa', true],
    ['/villas', '/villas-old', false],
    ['/contact', '/contact/sent', true],
  ])('%s is current on %s: %s', (href, pathname, expected) => {
    expect(isCurrentSection(href, pathname)).toBe(expected);
  });
});

describe('route builders', () => {
  it.each([
    [villaPath('kovalam-cliff-villa'), '/villas/kovalam-cliff-villa'],
    [apartmentPath('marine-drive-studio'), '/apartments/marine-drive-studio'],
    [propertyPath('villas', 'poovar-estuary-villa'), '/villas/poovar-estuary-villa'],
    [propertyPath('apartments', 'marine-drive-studio'), '/apartments/marine-drive-studio'],
    [postPath('a-day-on-the-backwaters'), '/blog/a-day-on-the-backwaters'],
    [bookingPath('kovalam-cliff-villa'), '/booking?property=kovalam-cliff-villa'],
    [bookingPath('a b&c'), '/booking?property=a+b%26c'],
    [brochurePath('villas', 'kovalam-cliff-villa'), '/brochures/villas/kovalam-cliff-villa.pdf'],
    [
      brochurePath('projects', 'kozhikode-studio-apartments'),
      '/brochures/projects/kozhikode-studio-apartments.pdf',
    ],
    [cmsEntryPath('villas', 'kovalam-cliff-villa'), '/cms/#/collections/villas/entries/kovalam-cliff-villa'],
  ])('%s is %s', (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe('telephoneHref', () => {
  it.each([
    ['+91 484 235 7700', 'tel:+914842357700'],
    ['+44 (0)20 7946-0958', 'tel:+4402079460958'],
  ])('%s dials %s', (phone, href) => {
    expect(telephoneHref(phone)).toBe(href);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/booking?property=kovalam-cliff-villa', '/booking?property=kovalam-cliff-villa'],
    ['/account', '/account'],
    [null, '/account'],
    ['', '/account'],
    ['https://evil.example/', '/account'],
    ['//evil.example/', '/account'],
    ['/\\evil.example', '/account'],
    ['/\tevil', '/account'],
    ['javascript:alert(1)', '/account'],
  ])('%j → %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe('plainReturnPath', () => {
  it.each([
    [
      '/booking?property=kovalam-cliff-villa&arrival=2027-03-06&departure=2027-03-13&guests=4',
      '/booking?property=kovalam-cliff-villa&arrival=2027-03-06&departure=2027-03-13&guests=4',
    ],
    ['/villas/kovalam-cliff-villa', '/villas/kovalam-cliff-villa'],
    ['/account', '/account'],
    ['/', '/'],
    [undefined, '/account'],
    ['//evil.example/', '/account'],
    ['/account?Win+a+prize+at=http://scam.example', '/account'],
    ['/?note=Win%20a%20prize', '/account'],
    ['/booking?property=a b', '/account'],
    ['/Win-a-prize-at-scam.example', '/account'],
    ['/booking?property=kovalam-cliff-villa?again=1', '/account'],
    ['/booking?property', '/account'],
    [`/booking?property=${'x'.repeat(65)}`, '/account'],
  ])('%j → %s', (value, expected) => {
    expect(plainReturnPath(value)).toBe(expected);
  });
});

describe('withStay', () => {
  test.each([
    ['/villas/a', {}, '/villas/a'],
    [
      '/villas/a',
      { arrival: '2027-01-10', departure: '2027-01-17', guests: 4 },
      '/villas/a?arrival=2027-01-10&departure=2027-01-17&guests=4',
    ],
    ['/booking?property=a', { arrival: '2027-01-10', guests: '' }, '/booking?property=a&arrival=2027-01-10'],
  ])('carries the chosen stay of %s in the address', (path, stay, expected) => {
    expect(withStay(path, stay)).toBe(expected);
  });
});
