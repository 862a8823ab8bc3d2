import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  describeFormCRow,
  type FormCRow,
  formCDaySchema,
  type GuestListInput,
  guestListRetentionDays,
  type OfficeGuestListAnswer,
  type OwnGuestListAnswer,
  type StoredGuest,
} from '../../../features/booking/guest-list-contract.ts';
import { addDays, todayInKerala } from '../../../lib/dates.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { readPropertyNames } from '../../catalogue/catalogue.ts';
import { serviceRole, type Transaction, withCaller } from '../../db/database.ts';
import { validate } from '../../http/validate.ts';
import { Refusal } from '../../refusal.ts';
import { adminOf, bookingNotFound } from '../booking-target.ts';
import { selectBookingOwner } from '../request-repository.ts';
import { open, seal } from './guest-details-cipher.ts';
import {
  deleteGuestListsDepartedBefore,
  type GuestListReadPurpose,
  insertGuestListReads,
  type StoredGuestList,
  selectConfirmedStay,
  selectFormCLists,
  selectGuestList,
  upsertGuestList,
} from './guest-list-repository.ts';

/**
 * Who is coming on a booking. The guest gives the list on their own confirmed booking until its
 * departure and reads it back masked; the office reads it whole on the booking's detail and in the
 * day's Form C export, each such read recorded. The list is sealed before it reaches the database
 * (guest-details-cipher.ts) and deleted `guestListRetentionDays` after departure.
 */

/**
 * The sealed list opened: the guests, as the guest gave them, each with its id (a list stored before
 * guests had ids gets one from its place, the same at every read, so a keep still finds its guest).
 */
function openList(stored: StoredGuestList, bookingId: string): (StoredGuest & { id: string })[] {
  return (JSON.parse(open(stored, bookingId)) as { guests: StoredGuest[] }).guests.map((guest, index) => ({
    ...guest,
    id: guest.id ?? `saved-${index + 1}`,
  }));
}

/**
 * The list to store: each guest with an id, and each passport or visa number the guest kept taken
 * from the list stored before. A keep that finds no number (a guest never saved, or a list deleted
 * meanwhile) is refused on its field, so nothing is stored half.
 */
function resolveKeeps(input: GuestListInput, before: (StoredGuest & { id: string })[]): StoredGuest[] {
  const problems: Record<string, string> = {};
  const guests = input.guests.map((guest, index): StoredGuest => {
    const saved = guest.id ? before.find((candidate) => candidate.id === guest.id) : undefined;
    const id = saved?.id ?? randomUUID();
    if (!guest.formC) return { id, name: guest.name, childAge: guest.childAge, formC: null };
    const kept = (field: 'passportNumber' | 'visaNumber', what: string): string => {
      const given = guest.formC?.[field];
      if (typeof given === 'string') return given;
      const stored = saved?.formC?.[field];
      if (stored) return stored;
      problems[`guests.${index}.formC.${field}`] =
        `Enter the ${what} number: we have none saved for this guest`;
      return '';
    };
    return {
      id,
      name: guest.name,
      childAge: guest.childAge,
      formC: {
        ...guest.formC,
        passportNumber: kept('passportNumber', 'passport'),
        visaNumber: kept('visaNumber', 'visa'),
      },
    };
  });
  if (Object.keys(problems).length > 0)
    throw new Refusal('invalid', 'Some fields need your attention.', problems);
  return guests;
}

/** Whether a guest may give or change the list of `bookingId` today: confirmed, and not yet departed. */
async function isOpen(tx: Transaction, bookingId: string): Promise<boolean> {
  const stay = await selectConfirmedStay(tx, bookingId);
  return Boolean(stay && todayInKerala() <= stay.departure);
}

/** Throws not found unless `bookingId` is the visitor's own booking (RLS shows a guest only theirs). */
async function openOwnBooking(tx: Transaction, visitor: Visitor, bookingId: string): Promise<void> {
  const booking = await selectBookingOwner(tx, bookingId);
  if (!booking || booking.userId !== visitor.user.id) throw bookingNotFound();
}

/** The guest's own view: every field as given, each passport and visa number reduced to its last three characters. */
async function readMasked(tx: Transaction, bookingId: string): Promise<OwnGuestListAnswer> {
  const stored = await selectGuestList(tx, bookingId);
  return {
    open: await isOpen(tx, bookingId),
    list: stored
      ? {
          arrivalTime: stored.arrivalTime,
          updatedAt: stored.updatedAt,
          guests: openList(stored, bookingId).map(({ id, name, childAge, formC }) => {
            if (!formC) return { id, name, childAge, formC: null };
            const { passportNumber, visaNumber, ...rest } = formC;
            return {
              id,
              name,
              childAge,
              formC: { ...rest, passportEnding: passportNumber.slice(-3), visaEnding: visaNumber.slice(-3) },
            };
          }),
        }
      : null,
  };
}

const guestCaller = (visitor: Visitor) => ({ role: 'authenticated' as const, claims: visitor.claims });

/** A guest's own booking's list, masked; another's booking is not found. */
export async function readOwnGuestList(visitor: Visitor, bookingId: string): Promise<OwnGuestListAnswer> {
  return withCaller(guestCaller(visitor), async (tx) => {
    await openOwnBooking(tx, visitor, bookingId);
    return tx.as(serviceRole, () => readMasked(tx, bookingId));
  });
}

/**
 * Stores a guest's own booking's list whole, replacing any before (so a double submit leaves one
 * list); refused once the booking is not confirmed or its guests have departed.
 */
export async function writeOwnGuestList(
  visitor: Visitor,
  bookingId: string,
  input: GuestListInput,
): Promise<OwnGuestListAnswer> {
  return withCaller(guestCaller(visitor), async (tx) => {
    await openOwnBooking(tx, visitor, bookingId);
    return tx.as(serviceRole, async () => {
      if (!(await isOpen(tx, bookingId))) {
        throw new Refusal(
          'conflict',
          'The guest list can be given for a confirmed booking, until the day of departure.',
        );
      }
      const stored = await selectGuestList(tx, bookingId);
      const guests = resolveKeeps(input, stored ? openList(stored, bookingId) : []);
      const sealed = seal(JSON.stringify({ guests }), bookingId);
      await upsertGuestList(tx, bookingId, {
        ...sealed,
        arrivalTime: input.arrivalTime,
        foreignGuests: guests.filter((guest) => guest.formC).length,
        updatedBy: visitor.user.id,
      });
      return readMasked(tx, bookingId);
    });
  });
}

/** A booking's list in full for the office; the read is recorded in the admin's name. */
export async function readOfficeGuestList(
  visitor: Visitor,
  bookingId: string,
): Promise<OfficeGuestListAnswer> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await selectBookingOwner(tx, bookingId))) throw bookingNotFound();
    return tx.as(serviceRole, async () => {
      const stored = await selectGuestList(tx, bookingId);
      if (!stored) return { list: null };
      await insertGuestListReads(tx, [bookingId], adminOf(visitor), 'booking_detail');
      return {
        list: {
          arrivalTime: stored.arrivalTime,
          updatedAt: stored.updatedAt,
          guests: openList(stored, bookingId),
        },
      };
    });
  });
}

const formCQuerySchema = z.object({ day: formCDaySchema.optional() });

/** The day a Form C request asks for (`?day=`), Kerala's today when left out; a 422 for no real day. */
export function readFormCDay(request: Request): string {
  const asked = new URL(request.url).searchParams.get('day');
  return validate(formCQuerySchema, { day: asked || undefined }).day ?? todayInKerala();
}

/**
 * The foreign guests of every confirmed stay arriving on `day`, with Form C's details, for the office
 * to file; each booking read is recorded with the export's form (page or CSV) and day.
 */
export async function exportFormC(
  visitor: Visitor,
  day: string,
  purpose: Extract<GuestListReadPurpose, 'form_c_page' | 'form_c_csv'>,
): Promise<FormCRow[]> {
  const nameOf = await readPropertyNames();
  return withCaller(callerFor(visitor), (tx) =>
    tx.as(serviceRole, async () => {
      const lists = await selectFormCLists(tx, day);
      await insertGuestListReads(
        tx,
        lists.map((list) => list.id),
        adminOf(visitor),
        purpose,
        day,
      );
      return lists.flatMap((stay) =>
        openList(stay, stay.id).flatMap(({ name, formC }) =>
          formC
            ? [
                describeFormCRow(
                  {
                    reference: stay.reference,
                    propertyName: nameOf(stay.property),
                    arrival: stay.arrival,
                    departure: stay.departure,
                    arrivalTime: stay.arrivalTime,
                  },
                  { name, formC },
                ),
              ]
            : [],
        ),
      );
    }),
  );
}

/**
 * Deletes every list whose stay departed more than `guestListRetentionDays` days before `today`
 * (Kerala's unless told); answers how many went.
 */
export async function forgetExpiredGuestLists(today = todayInKerala()): Promise<number> {
  return withCaller(serviceRole, (tx) =>
    deleteGuestListsDepartedBefore(tx, addDays(today, -guestListRetentionDays)),
  );
}

/** A line for the log: what one run did. */
export const describeForgottenGuestLists = (deleted: number) =>
  `Guest lists: ${deleted} deleted, ${guestListRetentionDays} days after departure.`;

/**
 * Runs `forgetExpiredGuestLists` every `everyMs` (and once at start), one run at a time, for
 * `npm start`, as the daily `forget-guest-lists` function does on Netlify.
 */
export function startGuestListRetentionWorker(everyMs = 60 * 60 * 1000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const deleted = await forgetExpiredGuestLists();
      if (deleted > 0) console.log(describeForgottenGuestLists(deleted));
    } catch (error) {
      console.error('Expired guest lists could not be deleted; they are tried again later', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
