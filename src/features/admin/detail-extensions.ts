import type { ComponentType } from 'react';
import type { AdminRow, Lookups, StatusChange } from './admin-fields.ts';
import { bookingDetail } from './BookingDetail.tsx';
import { buyerEnquiryDetail } from './BuyerEnquiryDetail.tsx';
import type { AdminCollectionName } from './collection-contract.ts';
import type { EmailDelivery } from './email-delivery-contract.ts';

/** What a collection's parts of an opened row are given: the row as loaded, and its status change. */
export type DetailPartProps = {
  id: string;
  item: AdminRow;
  /** The row's emails, for a collection whose rows have them (the server's `listEmails`). */
  emails: EmailDelivery[];
  inTrash: boolean;
  /** The status being sent, while it is. */
  changing: StatusChange | null;
  change: (status: StatusChange) => void;
  onSessionGone: () => void;
  /** Loads the row and its history again, after a change a part sent itself (a sales stage move). */
  reload: () => void;
  /** The homes' and positions' names the dashboard was built with. */
  lookups: Lookups;
};

/**
 * What a collection adds to the generic detail of one of its rows, each part where the detail leaves
 * room for it. The detail knows no collection: a domain brings its own parts, as `booking/` does on the
 * server (`booking-collection.ts`).
 */
export type DetailExtension = {
  /** Above the fields: what the office can do to the row. */
  Actions?: ComponentType<DetailPartProps>;
  /** Below the fields: the sections the row has besides them. */
  Sections?: ComponentType<DetailPartProps>;
  /** After the history: what was sent about the row. */
  Records?: ComponentType<DetailPartProps>;
  /** What the detail says once the server has accepted a status change. */
  describeChange?: (status: StatusChange) => string;
};

/** The collections whose rows' detail has more than fields and history. */
export const detailExtensions: Partial<Record<AdminCollectionName, DetailExtension>> = {
  'booking-requests': bookingDetail,
  'buyer-enquiries': buyerEnquiryDetail,
};
