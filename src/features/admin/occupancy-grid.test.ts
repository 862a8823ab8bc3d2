import { describe, expect, it } from 'vitest';
import type { OccupancyAnswer, OccupancyStay } from './occupancy-contract.ts';
import {
  findCell,
  layOutCalendar,
  layOutLane,
  listMonthDays,
  listShownStays,
  measureOccupancy,
  mergeWindow,
  moveFocus,
  packLanes,
  shiftMonth,
} from './occupancy-grid.ts';

const stay = (
  reference: string,
  arrival: string,
  departure: string,
  status: OccupancyStay['status'] = 'confirmed',
): OccupancyStay => ({
  id: reference,
  reference,
  status,
  name: 'Asha Nair',
  guests: 2,
  arrival,
  departure,
});

describe('shiftMonth', () => {
  it.each([
    ['2027-03', 1, '2027-04'],
    ['2027-12', 1, '2028-01'],
    ['2027-01', -1, '2026-12'],
    ['2027-03', -15, '2025-12'],
  ])('moves %s by %i months to %s', (month, delta, expected) => {
    expect(shiftMonth(month, delta)).toBe(expected);
  });
});

describe('listMonthDays', () => {
  it.each([
    ['2027-02', 28],
    ['2028-02', 29],
    ['2027-03', 31],
    ['2027-04', 30],
  ])('gives %s its %i days, from the 1st', (month, count) => {
    const days = listMonthDays(month);
    expect(days).toHaveLength(count);
    expect(days[0]).toBe(`${month}-01`);
    expect(days.at(-1)).toBe(`${month}-${count}`);
  });
});

describe('layOutLane', () => {
  const march = listMonthDays('2027-03');

  it('spans a stay over its nights, so the departure day is free for the next arrival', () => {
    const cells = layOutLane(
      [stay('A', '2027-03-03', '2027-03-10'), stay('B', '2027-03-10', '2027-03-12')],
      march,
    );
    expect(cells.filter((cell) => cell.kind === 'stay').map(({ first, span }) => [first, span])).toEqual([
      [2, 7],
      [9, 2],
    ]);
    expect(cells.reduce((days, cell) => days + cell.span, 0)).toBe(31);
  });

  it('cuts a stay that crosses the month’s edges at them, and says it goes on', () => {
    const [first, ...rest] = layOutLane(
      [stay('A', '2027-02-25', '2027-03-04'), stay('B', '2027-03-28', '2027-04-05')],
      march,
    );
    expect(first).toMatchObject({ kind: 'stay', first: 0, span: 3, startsBefore: true, endsAfter: false });
    expect(rest.at(-1)).toMatchObject({
      kind: 'stay',
      first: 27,
      span: 4,
      startsBefore: false,
      endsAfter: true,
    });
  });

  it('keeps a stay leaving on the 1st out of the month', () => {
    expect(
      layOutLane([stay('A', '2027-02-25', '2027-03-01')], march).every((cell) => cell.kind === 'free'),
    ).toBe(true);
  });
});

describe('packLanes', () => {
  it('puts stays that share a night in lanes of their own, confirmed first', () => {
    const lanes = packLanes([
      stay('NEW', '2027-03-05', '2027-03-08', 'new'),
      stay('CONF', '2027-03-05', '2027-03-12'),
      stay('LATER', '2027-03-12', '2027-03-14', 'new'),
    ]);
    expect(lanes.map((lane) => lane.map(({ reference }) => reference))).toEqual([['CONF', 'LATER'], ['NEW']]);
  });

  it('gives a hold the nights before a new request for them, as a confirmed stay has', () => {
    const lanes = packLanes([
      stay('A-NEW', '2027-03-05', '2027-03-08', 'new'),
      stay('HOLD', '2027-03-05', '2027-03-09', 'held'),
    ]);
    expect(lanes.map((lane) => lane.map(({ reference }) => reference))).toEqual([['HOLD'], ['A-NEW']]);
  });
});

describe('the nights other platforms have blocked', () => {
  const block = (id: string, label: string, arrival: string, departure: string) => ({
    id,
    label,
    arrival,
    departure,
  });
  const answer: OccupancyAnswer = {
    month: '2027-03',
    properties: [
      {
        slug: 'a',
        name: 'A Villa',
        stays: [stay('S1', '2027-03-03', '2027-03-10')],
        blocks: [
          block('B1', 'Airbnb', '2027-02-25', '2027-03-02'),
          block('B2', 'Booking.com', '2027-03-20', '2027-04-04'),
          block('B3', 'Airbnb', '2027-03-28', '2027-03-30'),
        ],
      },
      { slug: 'b', name: 'B Villa', stays: [], blocks: [] },
    ],
  };
  const { rows } = layOutCalendar(answer);

  it('get lanes of their own after the property’s stays, two feeds blocking one night in two lanes', () => {
    expect(rows.map(({ key, holds, lane }) => [key, holds, lane])).toEqual([
      ['a:0', 'stays', 0],
      ['a:blocks:0', 'blocks', 1],
      ['a:blocks:1', 'blocks', 2],
      ['b:0', 'stays', 0],
    ]);
  });

  it('are bars over their nights, cut at the month’s edges', () => {
    const bars = rows[1]?.cells.filter((cell) => cell.kind === 'block');
    expect(bars?.map((cell) => [cell.first, cell.span, cell.startsBefore, cell.endsAfter])).toEqual([
      [0, 1, true, false],
      [19, 12, false, true],
    ]);
    expect(rows[2]?.cells.find((cell) => cell.kind === 'block')).toMatchObject({ first: 27, span: 2 });
  });

  it('leave a property with no blocks with its stay lanes only', () => {
    expect(rows.filter(({ slug }) => slug === 'b')).toHaveLength(1);
  });
});

describe('moving the focus', () => {
  const answer: OccupancyAnswer = {
    month: '2027-03',
    properties: [
      { slug: 'a', name: 'A Villa', stays: [stay('S1', '2027-03-03', '2027-03-10')], blocks: [] },
      { slug: 'b', name: 'B Villa', stays: [], blocks: [] },
    ],
  };
  const { rows, days } = layOutCalendar(answer);
  const move = (row: number, day: number, key: string, ctrlKey = false) =>
    moveFocus({ row, day }, key, { rows, days: days.length, ctrlKey });

  it.each([
    ['ArrowRight from a free day to the next', 0, 0, 'ArrowRight', { row: 0, day: 1 }],
    ['ArrowRight onto a bar, at its first night', 0, 1, 'ArrowRight', { row: 0, day: 2 }],
    ['ArrowRight past a bar in one step', 0, 5, 'ArrowRight', { row: 0, day: 9 }],
    ['ArrowLeft past a bar in one step', 0, 9, 'ArrowLeft', { row: 0, day: 8 }],
    ['ArrowLeft from inside a bar to the day before it', 0, 5, 'ArrowLeft', { row: 0, day: 1 }],
    ['ArrowLeft at the first day, staying', 1, 0, 'ArrowLeft', { row: 1, day: 0 }],
    ['ArrowRight at the last day, staying', 1, 30, 'ArrowRight', { row: 1, day: 30 }],
    ['ArrowDown to the same day of the next property', 0, 4, 'ArrowDown', { row: 1, day: 4 }],
    ['ArrowUp at the first row, staying', 0, 4, 'ArrowUp', { row: 0, day: 4 }],
    ['End to the row’s last day', 0, 4, 'End', { row: 0, day: 30 }],
    ['Home to the row’s first day', 1, 12, 'Home', { row: 1, day: 0 }],
  ])('moves %s', (_case, row, day, key, expected) => {
    expect(move(row, day, key)).toEqual(expected);
  });

  it('goes to the grid’s corners with Ctrl+Home and Ctrl+End, and ignores other keys', () => {
    expect(move(1, 12, 'End', true)).toEqual({ row: 1, day: 30 });
    expect(move(1, 12, 'Home', true)).toEqual({ row: 0, day: 0 });
    expect(move(1, 12, 'a')).toBeUndefined();
  });

  it('finds the bar covering a day inside it', () => {
    expect(findCell(rows[0] as never, 6)).toMatchObject({ kind: 'stay', first: 2 });
  });
});

describe('what the calendar draws', () => {
  const answer: OccupancyAnswer = {
    month: '2027-03',
    properties: [
      {
        slug: 'a',
        name: 'A Villa',
        stays: [
          // Confirmed from February into March: 9 of its nights are March's.
          { ...stay('S1', '2027-02-25', '2027-03-10'), status: 'confirmed' },
          // A new request whose arrival has passed by the 15th, and one still to come.
          { ...stay('S2', '2027-03-12', '2027-03-14'), status: 'new' },
          { ...stay('S3', '2027-03-20', '2027-03-22'), status: 'new' },
          // Confirmed to the 1st of April: 3 of March's nights.
          { ...stay('S4', '2027-03-29', '2027-04-01'), status: 'confirmed' },
        ],
        blocks: [],
      },
    ],
  };

  it('leaves out new requests whose dates have begun or passed, never a confirmed stay', () => {
    expect(listShownStays(answer.properties[0]?.stays ?? [], '2027-03-15').map(({ id }) => id)).toEqual([
      'S1',
      'S3',
      'S4',
    ]);
    expect(listShownStays(answer.properties[0]?.stays ?? [], '2027-03-12').map(({ id }) => id)).toContain(
      'S2',
    );
    const { rows } = layOutCalendar(answer, '2027-03-15');
    const drawn = rows.flatMap(({ cells }) =>
      cells.flatMap((cell) => (cell.kind === 'stay' ? [cell.stay.id] : [])),
    );
    expect(drawn.sort()).toEqual(['S1', 'S3', 'S4']);
  });

  it('draws a hold while it runs, and counts it in no share of the month until it is paid', () => {
    const held: OccupancyAnswer = {
      month: '2027-03',
      properties: [
        { slug: 'x', name: 'X', stays: [stay('H1', '2027-03-20', '2027-03-27', 'held')], blocks: [] },
      ],
    };
    const { rows } = layOutCalendar(held, '2027-03-15');
    expect(rows[0]?.cells.some((cell) => cell.kind === 'stay' && cell.stay.id === 'H1')).toBe(true);
    expect(rows[0]?.occupancyPercent).toBe(0);
  });

  it('gives each property its share of the month that confirmed stays hold', () => {
    const { rows, days } = layOutCalendar(answer, '2027-03-15');
    expect(days).toHaveLength(31);
    // 9 + 3 of 31 nights; new requests hold none.
    expect(rows[0]?.occupancyPercent).toBe(Math.round((12 / 31) * 100));
    expect(measureOccupancy([], days)).toBe(0);
  });
});

describe('a window across two months', () => {
  const days = Array.from({ length: 31 }, (_unused, index) => {
    const date = new Date(Date.UTC(2027, 1, 25 + index));
    return date.toISOString().slice(0, 10);
  });
  const block = { id: 'B1', label: 'Airbnb', arrival: '2027-03-01', departure: '2027-03-04' };
  // A stay across the months' edge is in both answers; one in early February is outside the window.
  const february: OccupancyAnswer = {
    month: '2027-02',
    properties: [
      {
        slug: 'a',
        name: 'A Villa',
        stays: [stay('S0', '2027-02-02', '2027-02-06'), stay('S1', '2027-02-26', '2027-03-03')],
        blocks: [],
      },
    ],
  };
  const march: OccupancyAnswer = {
    month: '2027-03',
    properties: [
      {
        slug: 'a',
        name: 'A Villa',
        stays: [stay('S1', '2027-02-26', '2027-03-03'), stay('S2', '2027-03-20', '2027-04-02')],
        blocks: [block],
      },
      { slug: 'b', name: 'B Villa', stays: [], blocks: [] },
    ],
  };

  it('holds each property, stay and block once, only those of the window', () => {
    const merged = mergeWindow([february, march], days);
    expect(merged.properties.map(({ slug }) => slug)).toEqual(['a', 'b']);
    expect(merged.properties[0]?.stays.map(({ id }) => id)).toEqual(['S1', 'S2']);
    expect(merged.properties[0]?.blocks).toEqual([block]);
  });

  it('lays out the window’s days with each property’s occupancy of them', () => {
    const { days: shown, rows } = layOutCalendar(mergeWindow([february, march], days), '2027-02-25', days);
    expect([shown[0], shown.at(-1)]).toEqual(['2027-02-25', '2027-03-27']);
    // S1 holds 5 nights (26 Feb to 2 Mar), S2 the 8 nights from 20 to 27 March: 13 of 31.
    expect(rows[0]?.occupancyPercent).toBe(Math.round((13 / 31) * 100));
    const bar = rows[0]?.cells.find((cell) => cell.kind === 'stay' && cell.stay.id === 'S2');
    expect(bar).toMatchObject({ first: 23, span: 8, endsAfter: true });
  });
});
