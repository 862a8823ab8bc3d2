import { z } from 'zod';
import { addDays, daysBetween, isIsoDate } from './dates.ts';
import { formatMoney, type Money } from './money.ts';
import { parseWithoutEval } from './zod-strict-csp.ts';

// Before any schema is built here: the account page's island builds these.
parseWithoutEval();

/**
 * The concierge's services as the booking sells them: each a content entry (src/content/concierge.json,
 * edited in /cms) with how it is priced, its options, the notice it needs, when it can be cancelled
 * free, which homes offer it and the staff hours it falls within. Two pure rules, used by the booking
 * form, /account and the functions alike: `priceServiceChoice` prices a chosen service, and
 * `judgeServiceCutoffs` decides whether it may still be added (its day, time and notice) and what
 * cancelling it gives back. Every time is India time (+05:30 all year).
 */

/** How a service is priced; `on_request` is priced by the office once it has asked the supplier. */
export const servicePricings = ['per_trip', 'per_person', 'per_day', 'per_hour', 'on_request'] as const;
export type ServicePricing = (typeof servicePricings)[number];

/** What one unit of a service is, in a guest's words: "£40 a trip", "£30 a person". */
export const servicePricingWords: Record<ServicePricing, { unit: string; units: string; label: string }> = {
  per_trip: { unit: 'trip', units: 'trips', label: 'Per trip' },
  per_person: { unit: 'person', units: 'people', label: 'Per person' },
  per_day: { unit: 'day', units: 'days', label: 'Per day' },
  per_hour: { unit: 'hour', units: 'hours', label: 'Per hour' },
  on_request: { unit: 'request', units: 'requests', label: 'On request: the office confirms the price' },
};

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'write the time as HH:MM on a 24-hour clock, e.g. 09:30');
const shortName = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens only, e.g. car-size');
/** Pounds with at most pence: 40, 12.5. */
const pounds = z
  .number()
  .min(0)
  .max(100_000)
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: 'write pounds with at most two decimals, e.g. 12.50',
    },
  );

const serviceChoiceOptionSchema = z.object({
  id: shortName,
  label: z.string().trim().min(1).max(60),
  /** Added to each unit's price when chosen (a larger car); 0 when it costs the same. */
  extraGbp: pounds.default(0),
  /** The same in rupees, where the office sets rupee prices. */
  extraInr: z.int().min(0).max(10_000_000).optional(),
});

const serviceOptionSchema = z.object({
  id: shortName,
  /** What the guest chooses, e.g. "Airport" or "Car". */
  label: z.string().trim().min(1).max(60),
  choices: z.array(serviceChoiceOptionSchema).min(1, 'give at least one choice'),
});

/** A service the concierge arranges for guests: listed on the home page and sold on the booking. */
export const conciergeSchema = z
  .object({
    name: z.string().trim().min(1),
    /** A single line; longer copy belongs on the about page. */
    description: z.string().trim().min(20).max(140),
    /** Position in the list, lowest first. */
    order: z.int().positive(),
    pricing: z.enum(servicePricings),
    /** The price of one unit (a trip, a person, a day, an hour) in pounds; none when priced on request. */
    priceGbp: pounds.optional(),
    /** The same in rupees, where the office sets one. */
    priceInr: z.int().min(0).max(10_000_000).optional(),
    /** What the guest chooses (the airport, the car); every option must be chosen. */
    options: z.array(serviceOptionSchema).default([]),
    /** How many hours ahead it must be booked: after that the concierge cannot arrange it. */
    noticeHours: z.int().min(0).max(720),
    /** Cancelled at least this many hours before it starts, it is refunded in full. */
    freeCancellationHours: z.int().min(0).max(720),
    /** Cancelled later than that, the share of its price refunded (0 when nothing comes back). */
    lateCancellationRefundPercent: z.int().min(0).max(100).default(0),
    /** The homes (their short names) whose guests may book it. */
    homes: z.array(shortName).min(1, 'name at least one home that offers it'),
    /** The staff's hours, India time: it starts no earlier than `opens` and ends by `closes`. */
    staffHours: z.object({ opens: clockTime, closes: clockTime }),
    /** Ask for the flight (an airport transfer): its time is when the flight lands or leaves. */
    asksFlight: z.boolean().default(false),
  })
  .refine((service) => service.pricing === 'on_request' || service.priceGbp !== undefined, {
    path: ['priceGbp'],
    message: 'a service not priced on request needs its price in pounds',
  })
  .refine((service) => service.staffHours.opens < service.staffHours.closes, {
    path: ['staffHours', 'closes'],
    message: 'the staff hours must close after they open',
  })
  .refine((service) => new Set(service.options.map((option) => option.id)).size === service.options.length, {
    path: ['options'],
    message: 'each option needs a short name of its own',
  });

export type ConciergeService = z.output<typeof conciergeSchema> & { id: string };

/** What a guest asks for: a service, its day and time within the stay, how many and its options. */
export const serviceChoiceSchema = z.object({
  service: shortName,
  date: z.string().refine(isIsoDate, 'choose a day, written YYYY-MM-DD'),
  time: clockTime,
  /** People, days or hours as the service is priced; 1 for a trip or a request. */
  quantity: z.coerce
    .number()
    .int('give a whole number')
    .min(1, 'at least 1')
    .max(50, 'at most 50')
    .default(1),
  /** Option id → choice id. */
  options: z.record(z.string(), z.string()).default({}),
  /** The flight, for a transfer: its number (e.g. EK 532). */
  flight: z.string().trim().max(20, 'at most 20 characters').optional(),
  /** Anything the concierge should know. */
  note: z.string().trim().max(500, 'at most 500 characters').optional(),
});
export type ServiceChoice = z.output<typeof serviceChoiceSchema>;

/** The stay a service is added to. */
export type ServiceStay = { property: string; arrival: string; departure: string; guests: number };

/** A field of the choice and the words that say what is wrong with it. */
export type ServiceChoiceErrors = Partial<Record<string, string>>;

export type ServicePrice = {
  /** Per unit and in all, in pounds; null when the office confirms the price. */
  unit: Money | null;
  total: Money | null;
  /** The same in rupees when the office sets rupee prices for the service and every option chosen. */
  totalInr: Money | null;
  quantity: number;
  /** The chosen options in words: "Airport: Kochi (COK)", "Car: SUV (up to 6)". */
  chosen: string[];
  /** One line, as the quote and the receipt write it: "Airport transfers, 1 trip: £40". */
  line: string;
};

export type PricedService = { ok: true; price: ServicePrice } | { ok: false; errors: ServiceChoiceErrors };

/** The most of each unit a choice can ask for, given the stay. */
function quantityLimit(service: ConciergeService, stay: ServiceStay, staffMinutes: number): number {
  switch (service.pricing) {
    case 'per_person':
      return stay.guests;
    case 'per_day':
      return Math.max(daysBetween(stay.arrival, stay.departure), 1);
    case 'per_hour':
      return Math.max(Math.floor(staffMinutes / 60), 1);
    default:
      return 1;
  }
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The price of `choice` of `service` on `stay`, or every field that is wrong with it in words: a home
 * that does not offer it, an option it does not have or a choice it lacks, a quantity beyond the party,
 * the stay or the staff's day. The day and time are `judgeServiceCutoffs`'s to judge.
 */
export function priceServiceChoice(
  service: ConciergeService,
  choice: ServiceChoice,
  stay: ServiceStay,
): PricedService {
  const errors: ServiceChoiceErrors = {};
  if (!service.homes.includes(stay.property)) {
    errors.service = `${service.name} is not offered at this home.`;
  }
  const chosen: string[] = [];
  let extraPence = 0;
  let extraInr: number | null = 0;
  for (const key of Object.keys(choice.options)) {
    if (!service.options.some((option) => option.id === key)) {
      errors[`options.${key}`] = `${service.name} has no choice of ${key}.`;
    }
  }
  for (const option of service.options) {
    const picked = choice.options[option.id];
    const found = option.choices.find((candidate) => candidate.id === picked);
    if (!found) {
      const names = option.choices.map((candidate) => candidate.label).join(', ');
      errors[`options.${option.id}`] =
        picked === undefined || picked === ''
          ? `Choose the ${option.label.toLowerCase()}: ${names}.`
          : `${service.name} has no ${option.label.toLowerCase()} “${picked}”: choose ${names}.`;
      continue;
    }
    chosen.push(`${option.label}: ${found.label}`);
    extraPence += Math.round(found.extraGbp * 100);
    if (extraInr !== null)
      extraInr = found.extraInr === undefined && found.extraGbp > 0 ? null : extraInr + (found.extraInr ?? 0);
  }
  const staffMinutes = minutesOf(service.staffHours.closes) - minutesOf(service.staffHours.opens);
  const limit = quantityLimit(service, stay, staffMinutes);
  const words = servicePricingWords[service.pricing];
  if (choice.quantity > limit) {
    errors.quantity =
      service.pricing === 'per_person'
        ? `At most ${limit}: the party is ${limit} ${limit === 1 ? 'guest' : 'guests'}.`
        : service.pricing === 'per_day'
          ? `At most ${limit} ${limit === 1 ? 'day' : 'days'}: the stay is ${limit} ${limit === 1 ? 'night' : 'nights'}.`
          : service.pricing === 'per_hour'
            ? `At most ${limit} hours: the staff work ${service.staffHours.opens}–${service.staffHours.closes}.`
            : `${service.name} is booked one ${words.unit} at a time.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const quantity = choice.quantity;
  const counted = `${quantity} ${quantity === 1 ? words.unit : words.units}`;
  const who = `${service.name}${chosen.length > 0 ? ` (${chosen.map((text) => text.split(': ')[1]).join(', ')})` : ''}`;
  if (service.pricing === 'on_request' || service.priceGbp === undefined) {
    return {
      ok: true,
      price: {
        unit: null,
        total: null,
        totalInr: null,
        quantity,
        chosen,
        line: `${who}: price confirmed by the office`,
      },
    };
  }
  const unitPence = Math.round(service.priceGbp * 100) + extraPence;
  const total: Money = { minor: unitPence * quantity, currency: 'GBP' };
  const totalInr: Money | null =
    service.priceInr === undefined || extraInr === null
      ? null
      : { minor: (service.priceInr + extraInr) * quantity * 100, currency: 'INR' };
  return {
    ok: true,
    price: {
      unit: { minor: unitPence, currency: 'GBP' },
      total,
      totalInr,
      quantity,
      chosen,
      line: `${who}, ${counted}: ${formatMoney(total)}`,
    },
  };
}

/** India keeps one offset all year (no daylight saving). */
const indiaOffset = '+05:30';
const hourMs = 3_600_000;

/** When a chosen service starts, as an instant. */
export function serviceStartsAt(choice: Pick<ServiceChoice, 'date' | 'time'>): Date {
  return new Date(`${choice.date}T${choice.time}:00${indiaOffset}`);
}

/** "Tue 8 Dec, 14:30" in India time, for the words below. */
function describeIndiaTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

export type ServiceCutoffs = {
  /** The fields that keep it from being added now, in words; empty when it may be. */
  errors: ServiceChoiceErrors;
  /** The last moment it may be added: its start less its notice. */
  addBy: Date;
  /** Until when cancelling it refunds it in full. */
  freeCancellationUntil: Date;
};

/**
 * Whether `choice` of `service` may be added to `stay` at `now`: its day within the stay (arrival to
 * departure day, and a run of days ending by the departure), its time within the staff's hours (an
 * hourly service ending by their close), and its start at least the service's notice ahead. Also the
 * moments its cut-offs fall at, for the guest to be told.
 */
export function judgeServiceCutoffs(
  service: ConciergeService,
  choice: ServiceChoice,
  stay: ServiceStay,
  now: Date,
): ServiceCutoffs {
  const errors: ServiceChoiceErrors = {};
  const startsAt = serviceStartsAt(choice);
  const addBy = new Date(startsAt.getTime() - service.noticeHours * hourMs);
  const freeCancellationUntil = new Date(startsAt.getTime() - service.freeCancellationHours * hourMs);
  if (choice.date < stay.arrival || choice.date > stay.departure) {
    errors.date = `Choose a day of the stay, ${stay.arrival} to ${stay.departure}.`;
  } else if (service.pricing === 'per_day' && addDays(choice.date, choice.quantity) > stay.departure) {
    errors.date = `${choice.quantity} days from ${choice.date} run past the departure on ${stay.departure}.`;
  }
  const { opens, closes } = service.staffHours;
  const start = minutesOf(choice.time);
  const end = start + (service.pricing === 'per_hour' ? choice.quantity * 60 : 0);
  if (start < minutesOf(opens) || start > minutesOf(closes)) {
    errors.time = `Choose a time within the staff’s hours, ${opens}–${closes} India time.`;
  } else if (end > minutesOf(closes)) {
    errors.time = `${choice.quantity} hours from ${choice.time} end after the staff’s hours close at ${closes}.`;
  } else if (!errors.date && now.getTime() > addBy.getTime()) {
    errors.time =
      service.noticeHours === 0
        ? 'This time has passed: choose a later one.'
        : `${service.name} needs ${service.noticeHours} hours’ notice: the last moment to add it for then was ${describeIndiaTime(addBy)} India time. Choose a later time.`;
  }
  return { errors, addBy, freeCancellationUntil };
}

export type ServiceCancellation = {
  free: boolean;
  /** What goes back of what was paid, in pence. */
  refundPence: number;
  /** Its words for the guest and the office. */
  words: string;
};

/**
 * What cancelling a booked service at `now` gives back of `paidPence`: all of it until its free
 * cancellation cut-off, then the service's late share; nothing once it has started.
 */
export function refundServiceCancellation(
  service: Pick<ConciergeService, 'freeCancellationHours' | 'lateCancellationRefundPercent'>,
  choice: Pick<ServiceChoice, 'date' | 'time'>,
  paidPence: number,
  now: Date,
): ServiceCancellation {
  const startsAt = serviceStartsAt(choice);
  const freeUntil = startsAt.getTime() - service.freeCancellationHours * hourMs;
  if (now.getTime() <= freeUntil) {
    return { free: true, refundPence: paidPence, words: 'Cancelled in time: refunded in full.' };
  }
  if (now.getTime() >= startsAt.getTime()) {
    return { free: false, refundPence: 0, words: 'It has already started: nothing is refunded.' };
  }
  const refundPence = Math.floor((paidPence * service.lateCancellationRefundPercent) / 100);
  return {
    free: false,
    refundPence,
    words:
      service.lateCancellationRefundPercent === 0
        ? `Cancelled less than ${service.freeCancellationHours} hours before: nothing is refunded.`
        : `Cancelled less than ${service.freeCancellationHours} hours before: ${service.lateCancellationRefundPercent}% is refunded.`,
  };
}

/** A booked service's state, as its guest and the office read it. */
export type BookedServiceState = {
  status: 'requested' | 'awaiting_price' | 'confirmed' | 'cancelled' | 'refunded';
  pricePence: number | null;
  refundPence: number | null;
  /** Whether a payment has paid it. */
  paid: boolean;
  date: string;
  time: string;
  freeCancellationHours: number;
  lateCancellationRefundPercent: number;
};

/**
 * What a booked service's card says and whether its guest may cancel it at `now`, from everything
 * that decides it: its status, its price, whether it is paid, and where `now` falls against its
 * cut-offs.
 */
export function describeBookedService(
  state: BookedServiceState,
  now: Date,
): { words: string; cancellable: boolean; cancelWords: string } {
  const price = state.pricePence === null ? '' : formatMoney({ minor: state.pricePence, currency: 'GBP' });
  const started = now.getTime() >= serviceStartsAt(state).getTime();
  const paidWords = state.paid ? `. Paid ${price}` : state.pricePence === null ? '' : `, ${price} to pay`;
  const words = {
    requested: `Asked for${state.pricePence === null ? '' : ` (${price})`}: the concierge will confirm it, and then it can be paid.`,
    awaiting_price: 'Asked for: the office will tell you its price by email before anything is arranged.',
    confirmed: `Confirmed${paidWords}.`,
    cancelled: 'Cancelled.',
    refunded: `Cancelled and refunded ${formatMoney({ minor: state.refundPence ?? 0, currency: 'GBP' })}.`,
  }[state.status];
  if (state.status === 'cancelled' || state.status === 'refunded' || started) {
    return {
      words,
      cancellable: false,
      cancelWords:
        started && state.status !== 'cancelled' && state.status !== 'refunded'
          ? 'It has started: it can no longer be cancelled here.'
          : '',
    };
  }
  const refund = refundServiceCancellation(state, state, state.paid ? (state.pricePence ?? 0) : 0, now);
  const freeUntil = new Date(serviceStartsAt(state).getTime() - state.freeCancellationHours * hourMs);
  const cancelWords = refund.free
    ? `Free to cancel until ${describeIndiaTime(freeUntil)} India time${state.paid ? ', refunded in full' : ''}.`
    : state.paid
      ? `${refund.words} (${formatMoney({ minor: refund.refundPence, currency: 'GBP' })})`
      : `Past its free cancellation (${describeIndiaTime(freeUntil)} India time): ${state.lateCancellationRefundPercent === 0 ? 'cancelling now, its price would still be owed.' : `cancelling now, ${100 - state.lateCancellationRefundPercent}% of its price would still be owed.`}`;
  return { words, cancellable: true, cancelWords };
}
