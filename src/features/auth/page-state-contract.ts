import type { AccountBooking } from '../booking/booking-contract.ts';
import type { SessionUser } from './auth-contract.ts';

/**
 * What the server that answered a page knew when it printed an island (src/server/pages/session-page.ts):
 * who is signed in (null: nobody), the address's query, and for the account page the guest's bookings.
 * It sits in the page as JSON, so that the island's first render in the browser is the server's own
 * and React starts only when the guest reaches for it (`client:interaction`), with no check of its own.
 */
export type SessionPageState = {
  user: SessionUser | null;
  /** `location.search` as the server saw it, "" or "?…". */
  query: string;
  /** The account page's list, as `GET /api/account/booking-requests` answers it. */
  requests?: AccountBooking[];
  /** The booking page's: the phone and town of the signed-in guest's latest request (use-known-details.ts). */
  known?: { phone: string; city: string } | null;
};

/** The id of the `<script type="application/json">` that holds it (data, never run: no CSP hash). */
export const pageStateElementId = 'page-state';

/** The page's state as the server printed it, in the browser; null on the server or on the built page. */
export function readPageState(): SessionPageState | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(pageStateElementId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SessionPageState;
  } catch {
    return null;
  }
}

/** The session the page was printed for, as `SessionGate` starts from it. */
export function sessionOf(
  state: SessionPageState,
): { status: 'signed-in'; user: SessionUser } | { status: 'signed-out' } {
  return state.user ? { status: 'signed-in', user: state.user } : { status: 'signed-out' };
}
