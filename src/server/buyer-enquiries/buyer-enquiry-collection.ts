import { salesStageChangeSchema } from '../../features/buyer-enquiry/sales-stage-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoTimestamp, officeTime } from '../db/sql-format.ts';
import { validate } from '../http/validate.ts';
import { changeSalesStage } from './stage-service.ts';

/**
 * Buyers' enquiries as the office's inbox shows them (`admin/collections.ts` holds the shape): what a
 * search covers, when an enquiry is new, its columns, and its one move, the sales stage (which the
 * inbox's status change carries; the audit log records it as a status change).
 */

const slots = `array(select to_char(slot at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') || ' IST' from unnest(viewing_slots) slot)`;

const rowColumns = {
  id: 'id',
  reference: 'reference',
  createdAt: isoTimestamp('created_at'),
  deletedAt: isoTimestamp('deleted_at'),
  isNew: 'read_at is null',
  readAt: isoTimestamp('read_at'),
  stage: 'stage',
  stageChangedAt: isoTimestamp('stage_changed_at'),
  property: 'property',
  intent: 'intent',
  name: 'name',
  email: 'email',
  phone: 'phone',
  country: 'country',
  budget: 'budget',
};

/** Reads a quoted reference (`kb-2026-483920` as typed) as the column holds it, or null for other words. */
const readBuyerEnquiryReference = (word: string) => {
  const reference = word.trim().toUpperCase();
  return /^KB-\d{4}-\d{6}$/.test(reference) ? reference : null;
};

export const buyerEnquiriesInbox = {
  table: 'buyer_enquiries',
  searchText: `(name || ' ' || email || ' ' || phone || ' ' || country || ' ' || property || ' ' || coalesce(message, ''))`,
  references: { column: 'reference', read: readBuyerEnquiryReference },
  isNew: 'read_at is null',
  listColumns: {
    ...rowColumns,
    viewingSlot: isoTimestamp('viewing_slot'),
    viewingAt: isoTimestamp('viewing_at'),
  },
  detailColumns: {
    ...rowColumns,
    propertyKind: 'property_kind',
    homeLoan: 'home_loan',
    payingFromAbroad: 'paying_from_abroad',
    viewingMode: 'viewing_mode',
    viewingSlot: isoTimestamp('viewing_slot'),
    viewingSlots: `array(select ${isoTimestamp('slot')} from unnest(viewing_slots) slot)`,
    timeZone: 'time_zone',
    viewingAt: isoTimestamp('viewing_at'),
    message: 'message',
  },
  csvColumns: {
    Reference: 'reference',
    'Received (IST)': officeTime('created_at'),
    Stage: `initcap(replace(stage, '-', ' '))`,
    Home: 'property',
    'Asked for': 'intent',
    Name: 'name',
    Email: 'email',
    Phone: 'phone',
    Country: 'country',
    Budget: 'budget',
    'Home loan': `case home_loan when true then 'Yes' when false then 'No' else '' end`,
    'Paying from abroad': `case paying_from_abroad when true then 'Yes' when false then 'No' else '' end`,
    'Viewing by': `coalesce(viewing_mode, '')`,
    'Time asked for (IST)': officeTime('viewing_slot'),
    'Preferred times (IST)': `array_to_string(${slots}, '; ')`,
    'Their time zone': 'time_zone',
    'Viewing (IST)': officeTime('viewing_at'),
    Message: `coalesce(message, '')`,
    'Stage changed (IST)': officeTime('stage_changed_at'),
    'Read (IST)': officeTime('read_at'),
    'Deleted (IST)': officeTime('deleted_at'),
  },
  csvPropertyHeader: 'Home',
  readStatusMove: (body: unknown) => {
    const change = validate(salesStageChangeSchema, body);
    return (tx: Transaction, id: string) => changeSalesStage(tx, id, change);
  },
};
