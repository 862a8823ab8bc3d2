import { describe, expect, it, vi } from 'vitest';
import { madeOnFirstUse } from './made-on-first-use.ts';

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then makes the value once and keeps it', () => {
    let made = 0;
    const formatter = madeOnFirstUse(() => {
      made += 1;
      return new Intl.NumberFormat('en-GB');
    });
    expect(made).toBe(0);
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(made).toBe(1);
  });
});

describe('the formatters of the modules public pages’ islands load', () => {
  // A formatter built as its module loads runs on the phone's main thread before the island can
  // hydrate: one with a time zone was 15 ms of /booking's, 60 ms of a long task at Lighthouse's 4×.
  it('are made on first use, so loading the modules builds none', async () => {
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormats = vi.spyOn(Intl, 'NumberFormat');
    try {
      vi.resetModules();
      await import('./dates.ts');
      await import('./money.ts');
      await import('./rupee-payment.ts');
      await import('./viewing-times.ts');
      await import('./seasons.ts');
      await import('../features/booking/HoldTaken.tsx');
      expect(dateFormats).not.toHaveBeenCalled();
      expect(numberFormats).not.toHaveBeenCalled();
    } finally {
      dateFormats.mockRestore();
      numberFormats.mockRestore();
    }
  });
});
