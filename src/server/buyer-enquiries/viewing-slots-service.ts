import content from '../../content/site.json' with { type: 'json' };
import {
  listFreeSlots,
  listOfficeSlots,
  type ViewingHours,
  viewingHoursSchema,
} from '../../lib/viewing-slots.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { listTakenViewingSlots } from './buyer-enquiry-repository.ts';

let hours: ViewingHours | undefined;

/** The office's viewing hours from site.json, as the build checked them. */
export function readViewingHours(): ViewingHours {
  hours ??= viewingHoursSchema.parse(content.site.sales.viewingHours);
  return hours;
}

/** The slots of a home a buyer may choose now: the office's, less those other viewings hold. */
export async function listFreeViewingSlots(
  home: { kind: string; slug: string },
  now = new Date(),
): Promise<Date[]> {
  const taken = await withCaller(serviceRole, (tx) => listTakenViewingSlots(tx, home, now));
  return listFreeSlots(readViewingHours(), now, taken);
}

/** Whether `slot` is free: one the office keeps and still offers, which no other viewing holds. */
export async function judgeViewingSlot(
  tx: Transaction,
  home: { kind: string; slug: string },
  slot: Date,
  now = new Date(),
): Promise<'free' | 'outside-hours' | 'taken'> {
  const offered = listOfficeSlots(readViewingHours(), now).some((each) => each.getTime() === slot.getTime());
  if (!offered) return 'outside-hours';
  const taken = await tx.as(serviceRole, () => listTakenViewingSlots(tx, home, now));
  return taken.some((each) => each.getTime() === slot.getTime()) ? 'taken' : 'free';
}
