import type { SessionRequest } from './payment-provider.ts';

/**
 * The deposit the providers' tests open a session for: £662.50 in pounds, and the same deposit paid in
 * rupees by UPI at a dated rate. Test data, imported by tests only.
 */
export const depositInPounds: SessionRequest = {
  bookingId: '0d4f3c57-4a55-4f1e-9a55-4bdf6a2f6c11',
  reference: 'KV-TEST-1',
  kind: 'deposit',
  due: { minor: 66250, currency: 'GBP' },
  charge: { minor: 66250, currency: 'GBP' },
  description: 'Deposit for Kovalam Cliff Villa, KV-TEST-1',
  customerEmail: 'guest@example.com',
  returnUrl: 'http://127.0.0.1:8888/pay/KV-TEST-1/return',
  cancelUrl: 'http://127.0.0.1:8888/account',
};

export const depositInRupees: SessionRequest = {
  ...depositInPounds,
  charge: { minor: 7_764_500, currency: 'INR' },
  rate: { rupeesPerPound: 117.2, rateOf: '2026-11-25' },
};
