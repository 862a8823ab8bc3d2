import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../scripts/bench/cpu-slowdown.ts';
import { median } from '../../scripts/bench/median.ts';

describe("Lighthouse's CPU slowdown for this machine", () => {
  it("gives Lighthouse's default 4× to the desktop it was chosen for, and less to a slower host", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 2);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 2);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBeCloseTo(1.5, 2);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it('rises with the machine, with no step where the brackets meet', () => {
    let previous = cpuSlowdownFor(150);
    for (let index = 151; index <= 2500; index++) {
      const slowdown = cpuSlowdownFor(index);
      expect(slowdown).toBeGreaterThan(previous);
      expect(slowdown - previous).toBeLessThan(0.005);
      previous = slowdown;
    }
  });

  it('refuses a host too slow to stand for the phone at all, or no reading', () => {
    expect(() => cpuSlowdownFor(149)).toThrow(/too slow/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/too slow/);
  });

  it('takes the middle of the readings, so one slow run does not set the slowdown', () => {
    expect(median([1100, 620, 1180])).toBe(1100);
    expect(median([1000, 1200])).toBe(1100);
    expect(() => median([])).toThrow();
  });
});
