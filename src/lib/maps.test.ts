import { describe, expect, it } from 'vitest';
import { embeddedMapUrl, fullMapUrl, mapOrigin } from './maps.ts';

const kovalam = { latitude: 8.3843, longitude: 76.9786 };

describe('embeddedMapUrl', () => {
  it('frames the point with its marker, a hundredth of a degree either side', () => {
    const url = new URL(embeddedMapUrl(kovalam));
    expect(url.origin).toBe(mapOrigin);
    expect(url.pathname).toBe('/export/embed.html');
    expect(url.searchParams.get('bbox')).toBe('76.96860,8.37430,76.98860,8.39430');
    expect(url.searchParams.get('marker')).toBe('8.3843,76.9786');
    expect(url.searchParams.get('layer')).toBe('mapnik');
  });

  it('widens the frame when asked', () => {
    const bbox = new URL(embeddedMapUrl(kovalam, 0.02)).searchParams.get('bbox');
    expect(bbox).toBe('76.95860,8.36430,76.99860,8.40430');
  });
});

describe('fullMapUrl', () => {
  it('opens the provider’s page on the point, marked', () => {
    expect(fullMapUrl(kovalam)).toBe(
      'https://www.openstreetmap.org/?mlat=8.3843&mlon=76.9786#map=16/8.3843/76.9786',
    );
  });
});
