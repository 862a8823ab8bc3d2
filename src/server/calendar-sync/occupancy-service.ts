import type { OccupancyAnswer } from '../../features/admin/occupancy-contract.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { listMonthStays } from '../booking/availability-service.ts';
import type { PropertyStay } from '../booking/stay-repository.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import { withCaller } from '../db/database.ts';
import { listMonthBlocks } from './calendar-sync-repository.ts';

/**
 * The occupancy calendar's month: each property of the catalogue in its order, then any property a
 * stay names that the catalogue no longer has (under its slug, so no stay goes missing from view), each
 * with its stays and the nights other platforms' feeds have blocked.
 */
export async function listOccupancy(visitor: Visitor, month: string): Promise<OccupancyAnswer> {
  const { stays, blocks } = await withCaller(callerFor(visitor), async (tx) => ({
    stays: await listMonthStays(tx, `${month}-01`),
    blocks: await listMonthBlocks(tx, month),
  }));
  const { properties } = await loadCatalogue();
  const byProperty = new Map<string, PropertyStay[]>();
  for (const stay of stays) byProperty.set(stay.property, [...(byProperty.get(stay.property) ?? []), stay]);
  const known = new Set(properties.map(({ slug }) => slug));
  const rows = [
    ...properties.map(({ slug, name }) => ({ slug, name })),
    ...[...byProperty.keys()].filter((slug) => !known.has(slug)).map((slug) => ({ slug, name: slug })),
  ];
  return {
    month,
    properties: rows.map(({ slug, name }) => ({
      slug,
      name,
      stays: (byProperty.get(slug) ?? []).map(withoutProperty),
      blocks: (blocks.get(slug) ?? []).map(({ id, label, start, end }) => ({
        id,
        label,
        arrival: start,
        departure: end,
      })),
    })),
  };
}

const withoutProperty = ({ property: _property, ...stay }: PropertyStay) => stay;
