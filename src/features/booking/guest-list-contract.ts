import { z } from 'zod';
import { daysBetween, isIsoDate } from '../../lib/dates.ts';
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

/**
 * The nationalities most of our guests have, first in the list, each led by the word a guest types
 * ("British", "American"), so a select's type-ahead finds the United Kingdom before the British Virgin
 * Islands. The UK is Kerala's largest source of foreign tourists; the Gulf, Europe, North America and
 * Australia follow. India is among them: an Indian citizen is asked nothing more (no Form C).
 */
export const commonNationalities = [
  ['GB', 'British (United Kingdom)'],
  ['IN', 'Indian (India)'],
  ['US', 'American (United States)'],
  ['AE', 'Emirati (United Arab Emirates)'],
  ['DE', 'German (Germany)'],
  ['FR', 'French (France)'],
  ['AU', 'Australian (Australia)'],
  ['CA', 'Canadian (Canada)'],
  ['SA', 'Saudi (Saudi Arabia)'],
  ['NL', 'Dutch (Netherlands)'],
  ['IE', 'Irish (Ireland)'],
  ['SG', 'Singaporean (Singapore)'],
] as const satisfies readonly (readonly [string, string])[];

/** India's code: a guest of this nationality needs no Form C. */
export const indianNationality = 'IN';

/**
 * The choices of a guest's nationality, as the guest list's select groups them: the common ones
 * first, then every other nationality by country name. Each is listed once: a country in both groups
 * read as two choices, and a screen reader counted it twice.
 */
export function listNationalityChoices(): { group: string; options: { value: string; label: string }[] }[] {
  const common = new Set<string>(commonNationalities.map(([code]) => code));
  const others = [...nationalityCodes, indianNationality]
    .filter((code) => !common.has(code))
    .map((code) => ({ value: code, label: nameNationality(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
  return [
    {
      group: 'Most of our guests',
      options: commonNationalities.map(([value, label]) => ({ value, label })),
    },
    { group: 'Every other country', options: others },
  ];
}

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

/**
 * A passport or visa number given before, kept as it is: the guest reads it back only as "ending
 * 789", so saving the list again must not make them type it again. Only for a guest already saved.
 */
export const keepStored = z.object({ keep: z.literal(true) });

function capitalise(label: string): string {
  const bare = label.replace(/^(the|their) /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** A calendar day between `from` and `to` (both `YYYY-MM-DD`), as the passport or visa prints it. */
const dayOf = (label: string, from: string, to: string, outside: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .refine(isIsoDate, `Enter ${label} as a real date, like 2027-01-10`)
    .refine((value) => value >= from && value <= to, outside);

const pastDate = (label: string) =>
  dayOf(label, '1990-01-01', '2100-12-31', `${capitalise(label)} cannot be before 1990`);

/** A phone number as a guest gives it for Form C: digits, spaces and a leading +, 7 to 15 digits. */
const contactNumber = (label: string) =>
  requiredText(label, { max: 30 })
    .refine(
      (value) => /^\+?[0-9 ().-]+$/.test(value),
      `Write ${label} with digits, spaces and an optional leading +`,
    )
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15;
    }, `Write ${label} with 7 to 15 digits, with the country code`);

/** The sexes Form C records, in its words. */
export const formCSexes = { female: 'Female', male: 'Male', transgender: 'Transgender' } as const;
const sexKeys = Object.keys(formCSexes) as [keyof typeof formCSexes, ...(keyof typeof formCSexes)[]];

/** Why a foreign guest comes to India, as Form C asks it. */
export const formCPurposes = {
  tourism: 'Tourism',
  business: 'Business',
  'visiting-family': 'Visiting family or friends',
  medical: 'Medical treatment',
  conference: 'Conference',
  study: 'Study',
  employment: 'Employment',
  other: 'Other',
} as const;
const purposeKeys = Object.keys(formCPurposes) as [
  keyof typeof formCPurposes,
  ...(keyof typeof formCPurposes)[],
];

/**
 * What Form C needs of a foreign national beyond their name, in the FRRO form's order. Each field says
 * what is wrong with it in plain words; the dates that depend on each other are checked together.
 */
const formCFields = {
  nationality: z.enum(nationalityCodes, 'Choose their nationality from the list'),
  sex: z.enum(sexKeys, 'Choose female, male or transgender, as on the passport'),
  dateOfBirth: dayOf('the date of birth', '1900-01-01', '2100-12-31', 'Enter a date of birth after 1900'),
  addressAbroad: requiredText('their address at home (outside India)', { max: 300, lines: 'many' }),
  passportNumber: documentNumber('the passport number', 6, 12),
  passportPlaceOfIssue: requiredText('where the passport was issued (city and country)', { max: 100 }),
  passportIssuedOn: pastDate('the passport’s date of issue'),
  passportExpiresOn: dayOf(
    'the passport’s date of expiry',
    '1990-01-01',
    '2100-12-31',
    'Enter the passport’s date of expiry as printed on it',
  ),
  visaNumber: documentNumber('the visa number', 4, 20),
  visaType: z.enum(visaTypeKeys, 'Choose the type of visa'),
  visaPlaceOfIssue: requiredText('where the visa was issued (city and country, or e-Visa)', { max: 100 }),
  visaIssuedOn: pastDate('the visa’s date of issue'),
  visaValidUntil: dayOf(
    'the last day the visa is valid',
    '1990-01-01',
    '2100-12-31',
    'Enter the visa’s last valid day as printed on it',
  ),
  arrivedInIndia: pastDate('the date of arrival in India'),
  arrivingFrom: requiredText('where they arrive from', { max: 100 }),
  goingNext: requiredText('where they go next', { max: 100 }),
  employedInIndia: z.boolean('Say whether they are employed in India'),
  purpose: z.enum(purposeKeys, 'Choose the purpose of the visit'),
  phoneInIndia: contactNumber('their phone number in India'),
  phoneAtHome: contactNumber('their phone number at home'),
};

/** The order of dates on one passport and visa, and the visa valid on arrival. */
function checkFormCDates(
  details: {
    dateOfBirth: string;
    passportIssuedOn: string;
    passportExpiresOn: string;
    visaIssuedOn: string;
    visaValidUntil: string;
    arrivedInIndia: string;
  },
  context: z.RefinementCtx,
) {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (details.passportIssuedOn < details.dateOfBirth) {
    problem('passportIssuedOn', 'The passport’s date of issue comes after the date of birth');
  }
  if (details.passportExpiresOn <= details.passportIssuedOn) {
    problem('passportExpiresOn', 'The passport’s date of expiry comes after its date of issue');
  }
  if (details.visaValidUntil < details.visaIssuedOn) {
    problem('visaValidUntil', 'The visa’s last valid day comes after its date of issue');
  }
  if (details.visaValidUntil < details.arrivedInIndia) {
    problem('visaValidUntil', 'The visa must be valid on the day they arrived in India');
  }
  if (details.passportExpiresOn < details.arrivedInIndia) {
    problem('passportExpiresOn', 'The passport must be valid on the day they arrived in India');
  }
}

/** Form C's details of a foreign national, as stored and as the office reads them. */
export const formCDetailsSchema = z.object(formCFields).superRefine(checkFormCDates);
export type FormCDetails = z.infer<typeof formCDetailsSchema>;

/** Form C's details as a guest sends them: a passport or visa number saved before may be kept. */
export const formCDetailsInputSchema = z
  .object({
    ...formCFields,
    passportNumber: z.union([keepStored, formCFields.passportNumber], 'Enter the passport number'),
    visaNumber: z.union([keepStored, formCFields.visaNumber], 'Enter the visa number'),
  })
  .superRefine(checkFormCDates);
export type FormCDetailsInput = z.infer<typeof formCDetailsInputSchema>;

/**
 * Form C's fields in the FRRO form's order, each with the words the office's page and CSV head it
 * with. The guest's own fields, then those the booking gives (arrival here, the time, the stay).
 */
export const formCFieldLabels = {
  nationality: 'Nationality',
  sex: 'Sex',
  dateOfBirth: 'Date of birth',
  addressAbroad: 'Address at home (outside India)',
  passportNumber: 'Passport number',
  passportPlaceOfIssue: 'Passport place of issue',
  passportIssuedOn: 'Passport date of issue',
  passportExpiresOn: 'Passport date of expiry',
  visaNumber: 'Visa number',
  visaType: 'Visa type',
  visaPlaceOfIssue: 'Visa place of issue',
  visaIssuedOn: 'Visa date of issue',
  visaValidUntil: 'Visa valid until',
  arrivedInIndia: 'Date of arrival in India',
  arrivingFrom: 'Arriving from',
  goingNext: 'Next destination',
  employedInIndia: 'Employed in India',
  purpose: 'Purpose of visit',
  phoneInIndia: 'Phone in India',
  phoneAtHome: 'Phone at home',
} as const satisfies Record<keyof typeof formCFields, string>;

/** One guest: a name, an age for a child, and Form C's details for a foreign national. */
const guestFields = {
  /** Given by the server as it stores the guest; sent back with a guest saved before. */
  id: z.string().max(40).optional(),
  name: requiredText('the guest’s full name', { max: 120 }),
  /** Set for a child (under 18), absent for an adult. */
  childAge: z
    .number('Enter the child’s age as a number')
    .int('Enter the child’s age in whole years')
    .min(0, 'Enter an age from 0 to 17')
    .max(17, 'Enter an age from 0 to 17, or leave it empty for an adult')
    .nullish()
    .transform((age) => age ?? null),
};

/** A guest as stored and as the office reads them. */
export const guestSchema = z.object({
  ...guestFields,
  /** Form C's details when the guest is not an Indian citizen; null for an Indian citizen. */
  formC: formCDetailsSchema.nullish().transform((details) => details ?? null),
});
export type Guest = z.infer<typeof guestSchema>;

/**
 * Form C's details as a list stored earlier may hold them: one given before a field was asked lacks
 * it, and the office reads what there is (the Form C page marks what is missing).
 */
export const storedFormCSchema = z.object(formCFields).partial().required({
  nationality: true,
  passportNumber: true,
  visaNumber: true,
});
export type StoredFormCDetails = z.infer<typeof storedFormCSchema>;

/** A guest as stored: an id (absent on lists stored before guests had one) and what was given. */
export const storedGuestSchema = z.object({
  ...guestFields,
  formC: storedFormCSchema.nullable(),
});
export type StoredGuest = z.infer<typeof storedGuestSchema>;

/** A guest as the guest list's form sends them. */
export const guestInputSchema = z.object({
  ...guestFields,
  formC: formCDetailsInputSchema.nullish().transform((details) => details ?? null),
});
export type GuestInput = z.infer<typeof guestInputSchema>;

/** `PUT /api/account/booking-requests/:id/guests`: the whole list, replacing any before. */
export const guestListInputSchema = z.object({
  arrivalTime: z
    .string({ error: 'Enter the time you expect to arrive' })
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter the arrival time as HH:MM, like 14:30'),
  guests: z
    .array(guestInputSchema, 'List the guests')
    .min(1, 'List at least one guest')
    .max(guestListMaxGuests, `List at most ${guestListMaxGuests} guests`),
});
export type GuestListInput = z.infer<typeof guestListInputSchema>;

/**
 * A guest as their own booking's page reads them back: every field as given, but the passport and visa
 * numbers reduced to their last three characters (to keep or replace). A list stored before a field
 * was asked lacks it.
 */
export const maskedGuestSchema = z.object({
  id: z.string(),
  name: z.string(),
  childAge: z.number().nullable(),
  formC: storedFormCSchema
    .omit({ passportNumber: true, visaNumber: true })
    .extend({ passportEnding: z.string(), visaEnding: z.string() })
    .nullable(),
});
export type MaskedGuest = z.infer<typeof maskedGuestSchema>;

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
  list: z
    .object({ arrivalTime: z.string(), guests: z.array(storedGuestSchema), updatedAt: z.string() })
    .nullable(),
});
export type OfficeGuestListAnswer = z.infer<typeof officeGuestListAnswerSchema>;

/**
 * The export's columns in the FRRO's Form C order, with their headings: the booking and the property
 * first (which accommodation the office files under), then the guest's name and what the form asks,
 * the booking's own facts (arrival here, the time, the stay) where the form asks them. The CSV and the
 * office's page share them.
 */
export const formCColumns = [
  ['reference', 'Booking'],
  ['propertyName', 'Property'],
  ['name', 'Name'],
  ['nationality', formCFieldLabels.nationality],
  ['sex', formCFieldLabels.sex],
  ['dateOfBirth', formCFieldLabels.dateOfBirth],
  ['addressAbroad', formCFieldLabels.addressAbroad],
  ['passportNumber', formCFieldLabels.passportNumber],
  ['passportPlaceOfIssue', formCFieldLabels.passportPlaceOfIssue],
  ['passportIssuedOn', formCFieldLabels.passportIssuedOn],
  ['passportExpiresOn', formCFieldLabels.passportExpiresOn],
  ['visaNumber', formCFieldLabels.visaNumber],
  ['visaType', formCFieldLabels.visaType],
  ['visaPlaceOfIssue', formCFieldLabels.visaPlaceOfIssue],
  ['visaIssuedOn', formCFieldLabels.visaIssuedOn],
  ['visaValidUntil', formCFieldLabels.visaValidUntil],
  ['arrivedInIndia', formCFieldLabels.arrivedInIndia],
  ['arrival', 'Date of arrival here'],
  ['arrivalTime', 'Time of arrival here'],
  ['arrivingFrom', formCFieldLabels.arrivingFrom],
  ['goingNext', formCFieldLabels.goingNext],
  ['intendedStay', 'Intended stay here'],
  ['departure', 'Departure from here'],
  ['employedInIndia', formCFieldLabels.employedInIndia],
  ['purpose', formCFieldLabels.purpose],
  ['phoneInIndia', formCFieldLabels.phoneInIndia],
  ['phoneAtHome', formCFieldLabels.phoneAtHome],
] as const;

/**
 * What Form C asks, in its order and in the words of docs/form-c.md (the office's checked list), and
 * the export's columns that answer each: a test holds the two equal, so a field the form asks is never
 * left out, and none is asked that the form does not.
 */
export const formCAsks = [
  ['names', ['name']],
  ['nationality', ['nationality']],
  ['sex', ['sex']],
  ['date of birth', ['dateOfBirth']],
  ['address in the home country', ['addressAbroad']],
  [
    'passport number with place and date of issue and expiry',
    ['passportNumber', 'passportPlaceOfIssue', 'passportIssuedOn', 'passportExpiresOn'],
  ],
  ['visa number', ['visaNumber']],
  ['type', ['visaType']],
  ['place and date of issue and validity', ['visaPlaceOfIssue', 'visaIssuedOn', 'visaValidUntil']],
  ['date of arrival in India and at this address', ['arrivedInIndia', 'arrival', 'arrivalTime']],
  ['arriving from', ['arrivingFrom']],
  ['next destination', ['goingNext']],
  ['intended length of stay', ['intendedStay', 'departure']],
  ['whether employed in India', ['employedInIndia']],
  ['purpose', ['purpose']],
  ['contact numbers in India and at home', ['phoneInIndia', 'phoneAtHome']],
] as const satisfies readonly (readonly [string, readonly (typeof formCColumns)[number][0][]])[];

/** One foreign guest arriving on a day, every column in words; empty where a list stored earlier lacks it. */
export const formCRowSchema = z.object(
  Object.fromEntries(formCColumns.map(([key]) => [key, z.string()])) as Record<
    (typeof formCColumns)[number][0],
    z.ZodString
  >,
);
export type FormCRow = z.infer<typeof formCRowSchema>;

/** `day` in a Form C query: a real date, Kerala's today when left out. */
export const formCDaySchema = z.string().trim().refine(isIsoDate, 'Choose a real day, like 2027-01-10');

/** `GET /api/admin-form-c?day=`: the day's arrivals' foreign guests (each export audited). */
export const formCDayAnswerSchema = z.object({ day: z.string(), rows: z.array(formCRowSchema) });
export type FormCDayAnswer = z.infer<typeof formCDayAnswerSchema>;

/** A stay's facts a Form C row repeats for each of its foreign guests. */
export type FormCStay = Pick<
  FormCRow,
  'reference' | 'propertyName' | 'arrival' | 'departure' | 'arrivalTime'
>;

/** One foreign guest's Form C row, every choice in words (nationality, sex, visa type, purpose). */
export function describeFormCRow(
  stay: FormCStay,
  guest: { name: string; formC: StoredFormCDetails },
): FormCRow {
  const { formC } = guest;
  const nights = daysBetween(stay.arrival, stay.departure);
  const text = (value: string | undefined) => value ?? '';
  return {
    ...stay,
    name: guest.name,
    nationality: nameNationality(formC.nationality),
    sex: formC.sex ? formCSexes[formC.sex] : '',
    dateOfBirth: text(formC.dateOfBirth),
    addressAbroad: text(formC.addressAbroad),
    passportNumber: formC.passportNumber,
    passportPlaceOfIssue: text(formC.passportPlaceOfIssue),
    passportIssuedOn: text(formC.passportIssuedOn),
    passportExpiresOn: text(formC.passportExpiresOn),
    visaNumber: formC.visaNumber,
    visaType: formC.visaType ? visaTypes[formC.visaType] : '',
    visaPlaceOfIssue: text(formC.visaPlaceOfIssue),
    visaIssuedOn: text(formC.visaIssuedOn),
    visaValidUntil: text(formC.visaValidUntil),
    arrivedInIndia: text(formC.arrivedInIndia),
    arrivingFrom: text(formC.arrivingFrom),
    goingNext: text(formC.goingNext),
    intendedStay: `${nights} ${nights === 1 ? 'night' : 'nights'}`,
    employedInIndia: formC.employedInIndia === undefined ? '' : formC.employedInIndia ? 'Yes' : 'No',
    purpose: formC.purpose ? formCPurposes[formC.purpose] : '',
    phoneInIndia: text(formC.phoneInIndia),
    phoneAtHome: text(formC.phoneAtHome),
  };
}
