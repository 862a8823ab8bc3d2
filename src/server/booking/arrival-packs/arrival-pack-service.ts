import type {
  ArrivalPackInput,
  ArrivalPackRelease,
  ArrivalPacksAnswer,
} from '../../../features/arrival-pack/arrival-pack-contract.ts';
import { packEmailDays, packReadersListed } from '../../../features/arrival-pack/arrival-pack-contract.ts';
import { addDays, todayInKerala } from '../../../lib/dates.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { loadCatalogue, readPropertyNames } from '../../catalogue/catalogue.ts';
import { siteUrl } from '../../config.ts';
import { serviceRole, withCaller } from '../../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../../email/delivery.ts';
import { Refusal } from '../../refusal.ts';
import { adminOf, bookingNotFound } from '../booking-target.ts';
import { selectConfirmedArrivals } from '../office-day-repository.ts';
import { selectBookingForGuest } from '../request-repository.ts';
import { listServiceLinesOf } from '../services/booked-service-service.ts';
import { arrivalPackMessage } from './arrival-pack-emails.ts';
import {
  claimPackEmail,
  insertRelease,
  recordPackEmail,
  selectPackReaders,
  selectPacks,
  selectRelease,
  upsertPack,
} from './arrival-pack-repository.ts';

/**
 * The arrival packs: the office writes one per property and may release a booking's before its
 * deposit; a guest reads their booking's once released (`request-service.ts` adds it to the account
 * page, RLS deciding), and it is emailed once, a week before arrival. Packs live in the database only.
 */

/** How many days before arrival the pack's email goes: the editor's words say the same days. */
export const packEmailDaysBeforeArrival = packEmailDays;

/**
 * Every property of the catalogue, in its order, with its pack or null and the guests of its stays not
 * yet over who read it, soonest first.
 */
export async function listPacks(visitor: Visitor): Promise<ArrivalPacksAnswer> {
  const catalogue = await loadCatalogue();
  const { packs, readers } = await withCaller(callerFor(visitor), async (tx) => ({
    packs: await selectPacks(tx),
    readers: await selectPackReaders(tx, todayInKerala(), packReadersListed),
  }));
  return {
    properties: catalogue.properties.map(({ slug, name }) => ({
      property: slug,
      name,
      pack: packs.get(slug) ?? null,
      readers: readers
        .filter((reader) => reader.property === slug)
        .map(({ property: _, ...reader }) => reader),
    })),
  };
}

/** Writes a property's pack whole, in the admin's name; a property the catalogue lacks is not found. */
export async function writePack(
  visitor: Visitor,
  property: string,
  pack: ArrivalPackInput,
): Promise<ArrivalPacksAnswer> {
  const catalogue = await loadCatalogue();
  if (!catalogue.find(property)) throw new Refusal('not_found', 'There is no such villa or apartment.');
  await withCaller(callerFor(visitor), (tx) => upsertPack(tx, property, pack, visitor.claims.sub));
  return listPacks(visitor);
}

/** Whether a booking's pack is released to its guest, and whether the office released it early. */
export async function readRelease(visitor: Visitor, bookingId: string): Promise<ArrivalPackRelease> {
  return withCaller(callerFor(visitor), async (tx) => {
    const release = await selectRelease(tx, bookingId);
    if (!release) throw bookingNotFound();
    return release;
  });
}

/** Releases a booking's pack before its deposit (once; a second release changes nothing). */
export async function releaseEarly(visitor: Visitor, bookingId: string): Promise<ArrivalPackRelease> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await selectRelease(tx, bookingId))) throw bookingNotFound();
    await insertRelease(tx, bookingId, adminOf(visitor));
    return (await selectRelease(tx, bookingId)) as ArrivalPackRelease;
  });
}

/**
 * Emails the pack of every released booking arriving within the next week (Kerala's `today` unless
 * told) that no email has carried yet, and answers how many went. Each goes once, however often or
 * however many at once this runs: the claim and the email commit together.
 */
export async function sendArrivalPacks(today = todayInKerala()): Promise<number> {
  const nameOf = await readPropertyNames();
  const url = siteUrl();
  const queued: string[] = [];
  const arrivals = await withCaller(serviceRole, (tx) =>
    selectConfirmedArrivals(tx, today, addDays(today, packEmailDaysBeforeArrival)),
  );
  for (const stay of arrivals) {
    const emailId = await withCaller(serviceRole, async (tx) => {
      const release = await selectRelease(tx, stay.id);
      if (!release?.released || !release.propertyHasPack) return undefined;
      const pack = (await selectPacks(tx)).get(stay.property);
      const guest = await selectBookingForGuest(tx, stay.id);
      if (!pack || !guest || !(await claimPackEmail(tx, stay.id))) return undefined;
      const id = await queueEmail(
        tx,
        'arrival_pack',
        arrivalPackMessage(
          { ...guest, propertyName: nameOf(stay.property) },
          pack,
          url,
          await listServiceLinesOf(tx, stay.id),
        ),
        { bookingRequestId: stay.id },
      );
      await recordPackEmail(tx, stay.id, id);
      return id;
    });
    if (emailId) queued.push(emailId);
  }
  await deliverQueuedEmails(queued);
  return queued.length;
}

/** A line for the log: what one run did. */
export const describePacksSent = (sent: number) =>
  `Arrival packs: ${sent} ${sent === 1 ? 'email' : 'emails'} to guests arriving within ${packEmailDaysBeforeArrival} days.`;

/**
 * Runs `sendArrivalPacks` every `everyMs` (and once at start), one run at a time, for `npm start`; a
 * run that fails is logged and the next one tries again. Answers the stop function.
 */
export function startArrivalPackWorker(everyMs = 60 * 60 * 1000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await sendArrivalPacks();
      if (sent > 0) console.log(describePacksSent(sent));
    } catch (error) {
      console.error('The arrival packs could not be sent; they try again later', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
