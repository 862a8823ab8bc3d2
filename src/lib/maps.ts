/**
 * The map provider the pages embed on request. Its origin is the only one the CSP lets into a frame
 * (astro.config.ts, `frame-src`), so a change of provider is one edit here.
 */
export const mapOrigin = 'https://www.openstreetmap.org';

/** A point on the map, in decimal degrees (WGS 84). */
export type MapPoint = { latitude: number; longitude: number };

/**
 * The embeddable map around `point` with a marker on it, `spanDegrees` either side (0.01° is about a
 * kilometre in Kerala: a neighbourhood, not a front door).
 */
export function embeddedMapUrl(point: MapPoint, spanDegrees = 0.01): string {
  const { latitude, longitude } = point;
  const bbox = [
    longitude - spanDegrees,
    latitude - spanDegrees,
    longitude + spanDegrees,
    latitude + spanDegrees,
  ]
    .map((value) => value.toFixed(5))
    .join(',');
  const query = new URLSearchParams({ bbox, layer: 'mapnik', marker: `${latitude},${longitude}` });
  return `${mapOrigin}/export/embed.html?${query}`;
}

/** The provider's own page for `point`, for people without JavaScript or who want the full map. */
export function fullMapUrl(point: MapPoint, zoom = 16): string {
  const { latitude, longitude } = point;
  return `${mapOrigin}/?${new URLSearchParams({ mlat: String(latitude), mlon: String(longitude) })}#map=${zoom}/${latitude}/${longitude}`;
}

/** Kilometres between two points in a straight line (haversine, on a sphere of the Earth's mean radius). */
export function straightLineKm(from: MapPoint, to: MapPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
