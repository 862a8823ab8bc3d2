import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { requiredText } from '../../lib/form-fields.ts';
import { madeOnFirstUse } from '../../lib/made-on-first-use.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * Who is coming on a booking: every guest, the arrival time, and for each foreign national what
 * Form C asks (Foreigners Act s. 7: the office reports them to the FRRO within 24 hours of arrival).
 * Shared by the account page, the office's booking detail and Form C page, their functions and tests.
 */

/** Days after departure the list is kept, then deleted by the retention job; the privacy notice says so. */
export const guestListRetentionDays = 30;

/** The most guests a list holds: more than any home sleeps. */
export const guestListMaxGuests = 30;

/**
 * Nationalities a foreign guest may have, as ISO 3166-1 alpha-2 codes (every country and territory
 * that issues or is named on passports, India left out: an Indian citizen needs no Form C). Their
 * names come from `Intl.DisplayNames`, so the list stays a line.
 */
export const nationalityCodes = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY BZ ' +
  'CA CD CF CG CH CI CK CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GH GI GL GM GN GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IQ IR IS IT JE JM ' +
  'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML ' +
  'MM MN MO MR MS MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NU NZ OM PA PE PG PH PK PL PR PS PT ' +
  'PW PY QA RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SY SZ TC TD TG TH TJ TL ' +
  'TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VN VU WS XK YE ZA ZM ZW'
).split(' ') as [string, ...string[]];

/** The visas (and the OCI card, whose holders are foreign nationals too) Form C records. */
export const visaTypes = {
  'e-tourist': 'e-Tourist visa',
  tourist: 'Tourist visa',
  'e-business': 'e-Business visa',
  business: 'Business visa',
  'e-medical': 'e-Medical visa',
  medical: 'Medical visa',
  employment: 'Employment visa',
  student: 'Student visa',
  conference: 'Conference visa',
  oci: 'OCI card',
  other: 'Another visa',
} as const;
export type VisaType = keyof typeof visaTypes;
const visaTypeKeys = Object.keys(visaTypes) as [VisaType, ...VisaType[]];

/** A country's name in English, for a nationality code. */
export function nameNationality(code: string): string {
  return regionNames().of(code) ?? code;
}

const regionNames = madeOnFirstUse(() => new Intl.DisplayNames(['en-GB'], { type: 'region' }));

/** Letters and digits, spaces and dashes dropped, upper case: how a passport prints its number. */
const documentNumber = (label: string, min: number, max: number) =>
  requiredText(label, { max: max + 10 })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9]*$/, `Use only letters and digits in ${label}`)
        .min(min, `${capitalise(label)} has at least ${min} letters and digits`)
        .max(max, `${capitalise(label)} has at most ${max} letters and digits`),
    );

function capitalise(label: string): string {
  const bare = label.replace(/^(the|their) /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

const pastDate = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .refine(isIsoDate, `Enter ${label} as a real date, like 2027-01-10`)
    .refine((value) => value >= '1990-01-01', `${capitalise(label)} cannot be before 1990`);

/** What Form C needs of a foreign national beyond their name. */
export const formCDetailsSchema = z.object({
  nationality: z.enum(nationalityCodes, 'Choose their nationality from the list'),
  passportNumber: documentNumber('the passport number', 6, 12),
  visaNumber: documentNumber('the visa number', 4, 20),
  visaType: z.enum(visaTypeKeys, 'Choose the type of visa'),
  arrivedInIndia: pastDate('the date of arrival in India'),
  arrivingFrom: requiredText('where they arrive from', { max: 100 }),
  goingNext: requiredText('where they go next', { max: 100 }),
});
export type FormCDetails = z.infer<typeof formCDetailsSchema>;

/** One guest: a name, an age for a child, and Form C's details for a foreign national. */
export const guestSchema = z.object({
  name: requiredText('the guest’s full name', { max: 120 }),
  /** Set for a child (under 18), absent for an adult. */
  childAge: z
    .number('Enter the child’s age as a number')
    .int('Enter the child’s age in whole years')
    .min(0, 'Enter an age from 0 to 17')
    .max(17, 'Enter an age from 0 to 17, or leave it empty for an adult')
    .nullish()
    .transform((age) => age ?? null),
  /** Form C's details when the guest is not an Indian citizen; null for an Indian citizen. */
  formC: formCDetailsSchema.nullish().transform((details) => details ?? null),
});
export type Guest = z.infer<typeof guestSchema>;

/** `PUT /api/account/booking-requests/:id/guests`: the whole list, replacing any before. */
export const guestListInputSchema = z.object({
  arrivalTime: z
    .string({ error: 'Enter the time you expect to arrive' })
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter the arrival time as HH:MM, like 14:30'),
  guests: z
    .array(guestSchema, 'List the guests')
    .min(1, 'List at least one guest')
    .max(guestListMaxGuests, `List at most ${guestListMaxGuests} guests`),
});
export type GuestListInput = z.infer<typeof guestListInputSchema>;

/** A guest as their own booking's page reads them back: the passport number reduced to its end. */
export const maskedGuestSchema = z.object({
  name: z.string(),
  childAge: z.number().nullable(),
  formC: z
    .object({
      nationality: z.string(),
      passportEnding: z.string(),
      visaType: z.string(),
      arrivedInIndia: z.string(),
    })
    .nullable(),
});

/** The guest's `GET` and `PUT` answers: their list, masked, or null when none is given yet. */
export const ownGuestListAnswerSchema = z.object({
  /** Whether the list can be given or changed now: a confirmed booking until its departure. */
  open: z.boolean(),
  list: z
    .object({ arrivalTime: z.string(), guests: z.array(maskedGuestSchema), updatedAt: z.string() })
    .nullable(),
});
export type OwnGuestListAnswer = z.infer<typeof ownGuestListAnswerSchema>;

/** The office's `GET /api/admin/booking-requests/:id/guests`: the list in full (each read audited). */
export const officeGuestListAnswerSchema = z.object({
  list: z.object({ arrivalTime: z.string(), guests: z.array(guestSchema), updatedAt: z.string() }).nullable(),
});
export type OfficeGuestListAnswer = z.infer<typeof officeGuestListAnswerSchema>;

/** One foreign guest arriving on a day, as the Form C export lists them (nationality and visa in words). */
export const formCRowSchema = z.object({
  reference: z.string(),
  propertyName: z.string(),
  arrival: z.string(),
  departure: z.string(),
  arrivalTime: z.string(),
  name: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  visaNumber: z.string(),
  visaType: z.string(),
  arrivedInIndia: z.string(),
  arrivingFrom: z.string(),
  goingNext: z.string(),
});
export type FormCRow = z.infer<typeof formCRowSchema>;

/** `day` in a Form C query: a real date, Kerala's today when left out. */
export const formCDaySchema = z.string().trim().refine(isIsoDate, 'Choose a real day, like 2027-01-10');

/** `GET /api/admin-form-c?day=`: the day's arrivals' foreign guests (each export audited). */
export const formCDayAnswerSchema = z.object({ day: z.string(), rows: z.array(formCRowSchema) });
export type FormCDayAnswer = z.infer<typeof formCDayAnswerSchema>;

/** The export's columns, in order, with their headings: the CSV and the printable page share them. */
export const formCColumns = [
  ['reference', 'Booking'],
  ['propertyName', 'Property'],
  ['name', 'Name'],
  ['nationality', 'Nationality'],
  ['passportNumber', 'Passport number'],
  ['visaNumber', 'Visa number'],
  ['visaType', 'Visa type'],
  ['arrivedInIndia', 'Arrived in India'],
  ['arrivingFrom', 'Arriving from'],
  ['goingNext', 'Next destination'],
  ['arrival', 'Arrival here'],
  ['arrivalTime', 'Arrival time'],
  ['departure', 'Departure'],
] as const satisfies readonly (readonly [keyof FormCRow, string])[];
