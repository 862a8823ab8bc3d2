import { createElement } from 'react';
import type { SessionPageState } from '../auth/page-state-contract.ts';
import { renderIsland } from '../forms/render-island.ts';
import BookingForm from './BookingForm.tsx';
import type { BookableProperty } from './booking-contract.ts';

/** The booking island's markup for one visitor, as its first render in the browser will be (booking-page.mts). */
export function renderBookingForm(
  properties: readonly BookableProperty[],
  printed: SessionPageState,
  identifierPrefix: string,
): Promise<string> {
  return renderIsland(createElement(BookingForm, { properties, printed }), identifierPrefix);
}
