import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates.ts';
import { type Quote, quoteStay, type StayToPrice } from './pricing.ts';

const today = '2027-01-01';
// 59 days after `today`: far enough for a deposit; the balance falls due on 2027-01-15.
const farArrival = '2027-03-01';

describe('quoteStay worked examples', () => {
  it.each<[string, StayToPrice, Omit<Quote, 'lines'>]>([
    [
      '£2,650 a week, 7 nights, 4 guests',
      { weeklyRatePence: 265_000, arrival: farArrival, departure: '2027-03-08', guests: 4, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 0,
        totalPence: 265_000,
        depositPence: 66_300,
        balancePence: 198_700,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      '7 nights for exactly 2 guests: 20% off',
      { weeklyRatePence: 265_000, arrival: farArrival, departure: '2027-03-08', guests: 2, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 53_000,
        totalPence: 212_000,
        depositPence: 53_000,
        balancePence: 159_000,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      '10 nights: a week and 3 nights at £379 (£2,650 / 7 = £378.57…), the deposit £946.75 up to £947',
      { weeklyRatePence: 265_000, arrival: farArrival, departure: '2027-03-11', guests: 4, today },
      {
        nights: 10,
        weeklyRatePence: 265_000,
        subtotalPence: 378_700,
        discountPence: 0,
        totalPence: 378_700,
        depositPence: 94_700,
        balancePence: 284_000,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      '10 nights for 2 guests: the discount £757.40 rounds to £757, the deposit £757.50 up to £758',
      { weeklyRatePence: 265_000, arrival: farArrival, departure: '2027-03-11', guests: 2, today },
      {
        nights: 10,
        weeklyRatePence: 265_000,
        subtotalPence: 378_700,
        discountPence: 75_700,
        totalPence: 303_000,
        depositPence: 75_800,
        balancePence: 227_200,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      'one night is a seventh of a week in whole pounds',
      { weeklyRatePence: 265_000, arrival: farArrival, departure: '2027-03-02', guests: 1, today },
      {
        nights: 1,
        weeklyRatePence: 265_000,
        subtotalPence: 37_900,
        discountPence: 0,
        totalPence: 37_900,
        depositPence: 9_500,
        balancePence: 28_400,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      'a rate with pence: its week keeps them, the deposit still rounds up to whole pounds',
      { weeklyRatePence: 1_000_002, arrival: farArrival, departure: '2027-03-08', guests: 3, today },
      {
        nights: 7,
        weeklyRatePence: 1_000_002,
        subtotalPence: 1_000_002,
        discountPence: 0,
        totalPence: 1_000_002,
        depositPence: 250_100,
        balancePence: 749_902,
        balanceDueDate: '2027-01-15',
      },
    ],
    [
      'arrival in 30 days: everything due on confirmation',
      { weeklyRatePence: 265_000, arrival: '2027-01-31', departure: '2027-02-07', guests: 4, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 0,
        totalPence: 265_000,
        depositPence: 265_000,
        balancePence: 0,
        balanceDueDate: null,
      },
    ],
    [
      'arrival exactly 45 days away: everything due on confirmation',
      { weeklyRatePence: 265_000, arrival: '2027-02-15', departure: '2027-02-22', guests: 2, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 53_000,
        totalPence: 212_000,
        depositPence: 212_000,
        balancePence: 0,
        balanceDueDate: null,
      },
    ],
    [
      'arrival 46 days away: a deposit now, the balance due tomorrow',
      { weeklyRatePence: 265_000, arrival: '2027-02-16', departure: '2027-02-23', guests: 4, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 0,
        totalPence: 265_000,
        depositPence: 66_300,
        balancePence: 198_700,
        balanceDueDate: '2027-01-02',
      },
    ],
    [
      'arrival today: everything due on confirmation',
      { weeklyRatePence: 265_000, arrival: today, departure: '2027-01-08', guests: 4, today },
      {
        nights: 7,
        weeklyRatePence: 265_000,
        subtotalPence: 265_000,
        discountPence: 0,
        totalPence: 265_000,
        depositPence: 265_000,
        balancePence: 0,
        balanceDueDate: null,
      },
    ],
    [
      'a stay across a leap day: the balance date counts 29 February',
      { weeklyRatePence: 140_000, arrival: '2028-03-15', departure: '2028-03-29', guests: 6, today },
      {
        nights: 14,
        weeklyRatePence: 140_000,
        subtotalPence: 280_000,
        discountPence: 0,
        totalPence: 280_000,
        depositPence: 70_000,
        balancePence: 210_000,
        balanceDueDate: '2028-01-30',
      },
    ],
  ])('%s', (_case, stay, expected) => {
    // Without seasons, one line: every night at the property's own rate, the whole subtotal.
    const line = {
      season: null,
      nights: expected.nights,
      weeklyRatePence: expected.weeklyRatePence,
      amountPence: expected.subtotalPence,
    };
    expect(quoteStay(stay)).toEqual({ ...expected, lines: [line] });
  });
});

describe('quoteStay refuses a stay it cannot price', () => {
  const stay: StayToPrice = {
    weeklyRatePence: 265_000,
    arrival: farArrival,
    departure: '2027-03-08',
    guests: 4,
    today,
  };

  it.each<[string, Partial<StayToPrice>]>([
    ['departure on the arrival day', { departure: farArrival }],
    ['departure before arrival', { departure: '2027-02-27' }],
    ['no guests', { guests: 0 }],
    ['a fraction of a guest', { guests: 2.5 }],
    ['a negative rate', { weeklyRatePence: -1 }],
    ['a rate in fractions of a penny', { weeklyRatePence: 2650.5 }],
    ['a rate too large to price exactly', { weeklyRatePence: Number.MAX_SAFE_INTEGER }],
    ['an impossible arrival', { arrival: '2027-02-30' }],
    ['a departure with a time', { departure: '2027-03-08T10:00' }],
    ['a malformed today', { today: '1/1/2027' }],
  ])('%s', (_case, change) => {
    expect(() => quoteStay({ ...stay, ...change })).toThrow(RangeError);
  });
});

describe('quoteStay properties', () => {
  const anyDate = fc.integer({ min: 0, max: 20 * 366 }).map((day) => addDays('2020-01-01', day));
  /** A stay, and how many days after `today` it starts (negative: already started). */
  const anyStay = fc
    .record({
      // Up to £100,000 a week.
      weeklyRatePence: fc.integer({ min: 0, max: 10_000_000 }),
      today: anyDate,
      daysAway: fc.integer({ min: -10, max: 800 }),
      nights: fc.integer({ min: 1, max: 400 }),
      guests: fc.integer({ min: 1, max: 30 }),
    })
    .map(({ weeklyRatePence, today, daysAway, nights, guests }) => {
      const arrival = addDays(today, daysAway);
      const stay: StayToPrice = {
        weeklyRatePence,
        today,
        arrival,
        departure: addDays(arrival, nights),
        guests,
      };
      return { stay, daysAway };
    });

  it('charges whole, non-negative pence only', () => {
    fc.assert(
      fc.property(anyStay, ({ stay }) => {
        const { balanceDueDate: _, lines, ...amounts } = quoteStay(stay);
        for (const amount of [
          ...Object.values(amounts),
          ...lines.flatMap((line) => [line.nights, line.amountPence]),
        ]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('adds up: total = subtotal − discount, deposit + balance = total', () => {
    fc.assert(
      fc.property(anyStay, ({ stay }) => {
        const quote = quoteStay(stay);
        expect(quote.totalPence).toBe(quote.subtotalPence - quote.discountPence);
        expect(quote.depositPence + quote.balancePence).toBe(quote.totalPence);
      }),
    );
  });

  it('counts nights as departure − arrival: whole weeks at the week, each other night a seventh of it in whole pounds', () => {
    fc.assert(
      fc.property(anyStay, ({ stay }) => {
        const quote = quoteStay(stay);
        const night = Math.round(stay.weeklyRatePence / 700) * 100;
        expect(quote.nights).toBe(daysBetween(stay.arrival, stay.departure));
        expect(quote.weeklyRatePence).toBe(stay.weeklyRatePence);
        expect(night % 100).toBe(0);
        expect(Math.abs(night - stay.weeklyRatePence / 7)).toBeLessThanOrEqual(50);
        expect(quote.subtotalPence).toBe(
          Math.floor(quote.nights / 7) * stay.weeklyRatePence + (quote.nights % 7) * night,
        );
      }),
    );
  });

  it('charges exactly the weekly rate for each whole week', () => {
    fc.assert(
      fc.property(anyStay, fc.integer({ min: 1, max: 8 }), ({ stay }, weeks) => {
        const quote = quoteStay({ ...stay, departure: addDays(stay.arrival, 7 * weeks) });
        expect(quote.subtotalPence).toBe(weeks * stay.weeklyRatePence);
      }),
    );
  });

  it('gives whole pounds everywhere when the weekly rate is in whole pounds', () => {
    const wholePoundStay = anyStay.map(({ stay, daysAway }) => ({
      stay: { ...stay, weeklyRatePence: Math.round(stay.weeklyRatePence / 100) * 100 },
      daysAway,
    }));
    fc.assert(
      fc.property(wholePoundStay, ({ stay }) => {
        const { balanceDueDate: _, nights: __, lines, ...amounts } = quoteStay(stay);
        for (const amount of [...Object.values(amounts), ...lines.map((line) => line.amountPence)]) {
          expect(amount % 100).toBe(0);
        }
      }),
    );
  });

  it('takes 20% off when exactly two guests stay, and nothing otherwise', () => {
    fc.assert(
      fc.property(anyStay, ({ stay }) => {
        const quote = quoteStay(stay);
        if (stay.guests === 2) {
          expect(quote.discountPence % 100).toBe(0);
          expect(Math.abs(quote.discountPence - quote.subtotalPence * 0.2)).toBeLessThanOrEqual(50);
        } else {
          expect(quote.discountPence).toBe(0);
        }
      }),
    );
  });

  it('asks 25% to confirm and the balance 45 days before arrival, or everything when arrival is 45 days away or less', () => {
    fc.assert(
      fc.property(anyStay, ({ stay, daysAway }) => {
        const quote = quoteStay(stay);
        if (daysAway <= 45) {
          expect(quote.depositPence).toBe(quote.totalPence);
          expect(quote.balancePence).toBe(0);
          expect(quote.balanceDueDate).toBeNull();
        } else {
          // Rounded up to whole pounds: at least a quarter, less than a pound more, never past the total.
          expect(quote.depositPence).toBeGreaterThanOrEqual(quote.totalPence * 0.25);
          expect(quote.depositPence <= quote.totalPence).toBe(true);
          expect(
            quote.depositPence === quote.totalPence ||
              (quote.depositPence % 100 === 0 && quote.depositPence - quote.totalPence * 0.25 < 100),
          ).toBe(true);
          expect(quote.balanceDueDate).not.toBeNull();
          expect(daysBetween(quote.balanceDueDate as string, stay.arrival)).toBe(45);
          expect(daysBetween(stay.today, quote.balanceDueDate as string)).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('gives the same quote in every time zone', () => {
    const stays = fc.sample(anyStay, { numRuns: 200, seed: 7 }).map(({ stay }) => stay);
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const inUtc = stays.map(quoteStay);
      // Node applies a changed TZ at once; these two are as far either side of UTC as zones go.
      for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Europe/London']) {
        process.env.TZ = timeZone;
        expect(new Date(0).getTimezoneOffset()).not.toBe(0);
        expect(stays.map(quoteStay)).toEqual(inUtc);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('quoteStay across seasons', () => {
  const seasons = [
    { name: 'High season', from: '2026-10-01', to: '2026-12-18', weeklyRatePence: 520_000 },
    { name: 'Peak season', from: '2026-12-19', to: '2027-01-15', weeklyRatePence: 750_000 },
    { name: 'High season', from: '2027-01-16', to: '2027-03-31', weeklyRatePence: 520_000 },
  ];

  it('prices 5 high-season nights and a peak week on their own lines, and totals them', () => {
    const quote = quoteStay({
      weeklyRatePence: 480_000,
      seasons,
      arrival: '2026-12-14',
      departure: '2026-12-26',
      guests: 4,
      today: '2026-10-01',
    });
    expect(quote).toEqual({
      nights: 12,
      weeklyRatePence: 520_000,
      lines: [
        // £5,200 a week makes a £743 night.
        { season: 'High season', nights: 5, weeklyRatePence: 520_000, amountPence: 371_500 },
        { season: 'Peak season', nights: 7, weeklyRatePence: 750_000, amountPence: 750_000 },
      ],
      subtotalPence: 1_121_500,
      discountPence: 0,
      totalPence: 1_121_500,
      depositPence: 280_400,
      balancePence: 841_100,
      balanceDueDate: '2026-10-30',
    });
  });

  it('prices a night after the last season at the property’s own rate, and a season’s last night (`to`) at its rate', () => {
    const quote = quoteStay({
      weeklyRatePence: 480_000,
      seasons,
      arrival: '2027-03-31',
      departure: '2027-04-02',
      guests: 3,
      today: '2026-10-01',
    });
    expect(quote.lines).toEqual([
      { season: 'High season', nights: 1, weeklyRatePence: 520_000, amountPence: 74_300 },
      { season: null, nights: 1, weeklyRatePence: 480_000, amountPence: 68_600 },
    ]);
  });

  it('gives two stretches of one season at one rate one line, the nights of a stay that spans peak', () => {
    const quote = quoteStay({
      weeklyRatePence: 480_000,
      seasons,
      arrival: '2026-12-15',
      departure: '2027-01-20',
      guests: 4,
      today: '2026-10-01',
    });
    expect(quote.lines.map(({ season, nights }) => [season, nights])).toEqual([
      ['High season', 8],
      ['Peak season', 28],
    ]);
  });

  it('refuses a season rate it cannot price', () => {
    const stay = {
      weeklyRatePence: 480_000,
      arrival: '2026-12-14',
      departure: '2026-12-26',
      guests: 4,
      today,
    };
    const broken = [{ ...seasons[1], weeklyRatePence: 1.5 }] as typeof seasons;
    expect(() => quoteStay({ ...stay, seasons: broken })).toThrow(RangeError);
  });
});

describe('quoteStay properties across season boundaries', () => {
  const base = '2027-01-01';
  /** Seasons in date order with gaps (the property's own rate) between some; rates £100–£20,000 a week. */
  const anySeasons = fc
    .array(
      fc.record({
        gap: fc.integer({ min: 0, max: 20 }),
        length: fc.integer({ min: 1, max: 60 }),
        weeklyRatePounds: fc.integer({ min: 100, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((parts) => {
      let next = base;
      return parts.map(({ gap, length, weeklyRatePounds }, index) => {
        const from = addDays(next, gap);
        const to = addDays(from, length - 1);
        next = addDays(to, 1);
        return { name: `Season ${index + 1}`, from, to, weeklyRatePence: weeklyRatePounds * 100 };
      });
    });
  const anySeasonalStay = fc
    .record({
      seasons: anySeasons,
      weeklyRatePounds: fc.integer({ min: 100, max: 20_000 }),
      offset: fc.integer({ min: -10, max: 300 }),
      nights: fc.integer({ min: 1, max: 120 }),
      guests: fc.integer({ min: 1, max: 12 }),
      daysAway: fc.integer({ min: 0, max: 400 }),
    })
    .map(({ seasons, weeklyRatePounds, offset, nights, guests, daysAway }) => {
      const arrival = addDays(base, offset);
      const stay: StayToPrice = {
        weeklyRatePence: weeklyRatePounds * 100,
        seasons,
        arrival,
        departure: addDays(arrival, nights),
        guests,
        today: addDays(arrival, -daysAway),
      };
      return stay;
    });

  it('prices a stay wholly in one season exactly as one rate always did', () => {
    fc.assert(
      fc.property(
        anySeasons,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        (seasons, pick, start, guests) => {
          const season = seasons[pick % seasons.length] as (typeof seasons)[number];
          const length = daysBetween(season.from, season.to) + 1;
          const offset = start % length;
          const arrival = addDays(season.from, offset);
          const departure = addDays(arrival, 1 + (Math.floor(start / length) % (length - offset)));
          const stay = { arrival, departure, guests, today: addDays(arrival, -100) };
          const seasonal = quoteStay({ ...stay, weeklyRatePence: 123_400, seasons });
          const { lines, ...oneRate } = quoteStay({ ...stay, weeklyRatePence: season.weeklyRatePence });
          expect(seasonal).toEqual({ ...oneRate, lines: [{ ...lines[0], season: season.name }] });
        },
      ),
    );
  });

  it('makes the subtotal the sum of the lines, the total the subtotal less the discount, and deposit + balance the total', () => {
    fc.assert(
      fc.property(anySeasonalStay, (stay) => {
        const quote = quoteStay(stay);
        const sum = quote.lines.reduce((total, line) => total + line.amountPence, 0);
        expect(quote.subtotalPence).toBe(sum);
        expect(quote.lines.reduce((total, line) => total + line.nights, 0)).toBe(quote.nights);
        expect(quote.totalPence).toBe(sum - quote.discountPence);
        expect(quote.depositPence + quote.balancePence).toBe(quote.totalPence);
      }),
    );
  });

  it('prices each line as whole weeks at its rate then sevenths in whole pounds, whatever night of its season the stay starts on', () => {
    fc.assert(
      fc.property(anySeasonalStay, (stay) => {
        for (const line of quoteStay(stay).lines) {
          const night = Math.round(line.weeklyRatePence / 700) * 100;
          expect(line.amountPence).toBe(
            Math.floor(line.nights / 7) * line.weeklyRatePence + (line.nights % 7) * night,
          );
          const season = stay.seasons?.find((candidate) => candidate.name === line.season);
          expect(line.weeklyRatePence).toBe(season ? season.weeklyRatePence : stay.weeklyRatePence);
        }
      }),
    );
  });

  it('never charges less for a stay one night longer', () => {
    fc.assert(
      fc.property(anySeasonalStay, (stay) => {
        const longer = quoteStay({ ...stay, departure: addDays(stay.departure, 1) });
        expect(longer.totalPence).toBeGreaterThanOrEqual(quoteStay(stay).totalPence);
        expect(longer.subtotalPence).toBeGreaterThanOrEqual(quoteStay(stay).subtotalPence);
      }),
    );
  });

  it('charges whole pounds, as safe integers, in every amount of every line', () => {
    fc.assert(
      fc.property(anySeasonalStay, (stay) => {
        const { balanceDueDate: _, nights, lines, ...amounts } = quoteStay(stay);
        const all = [...Object.values(amounts), ...lines.map((line) => line.amountPence)];
        for (const amount of [nights, ...lines.map((line) => line.nights), ...all]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        for (const amount of all) expect(amount % 100).toBe(0);
      }),
    );
  });
});
