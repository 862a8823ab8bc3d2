import { createElement } from 'react';
import type { SessionPageState } from '../auth/page-state-contract.ts';
import { renderIsland } from '../forms/render-island.ts';
import AccountBookings from './AccountBookings.tsx';
import type { OfficeContact } from './HowToPay.tsx';

/** The account island's markup for one visitor, as its first render in the browser will be (account-page.mts). */
export function renderAccount(
  office: OfficeContact,
  printed: SessionPageState,
  identifierPrefix: string,
): Promise<string> {
  return renderIsland(createElement(AccountBookings, { office, printed }), identifierPrefix);
}
