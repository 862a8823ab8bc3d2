import type { Transaction } from '../../db/database.ts';

/**
 * The one file that names `booking_services`: the concierge's services booked on a stay. Every query
 * runs as its caller, so RLS decides whose rows they reach.
 */

/** The stay a service is added to, as the caller may see it. */
export type StayForServices = {
  id: string;
  reference: string;
  userId: string | null;
  name: string;
  email: string;
  property: string;
  arrival: string;
  departure: string;
  guests: number;
  status: string;
};

export async function selectStayForServices(
  tx: Transaction,
  bookingId: string,
): Promise<StayForServices | undefined> {
  const [row] = await tx.query<StayForServices>(
    `select id, reference, user_id as "userId", name, email, property, to_char(arrival, 'YYYY-MM-DD') as arrival,
            to_char(departure, 'YYYY-MM-DD') as departure, guests, status
     from public.booking_requests where id = $1 and deleted_at is null`,
    [bookingId],
  );
  return row;
}

export type BookedServiceRow = {
  id: string;
  bookingId: string;
  service: string;
  name: string;
  date: string;
  time: string;
  quantity: number;
  options: Record<string, string>;
  chosen: string[];
  flight: string | null;
  note: string | null;
  pricePence: number | null;
  status: 'requested' | 'awaiting_price' | 'confirmed' | 'cancelled' | 'refunded';
  freeCancellationUntil: string;
  lateRefundPercent: number;
  paymentId: string | null;
  refundPence: number | null;
};

const columns = `id, booking_request_id as "bookingId", service, service_name as name,
  to_char(service_date, 'YYYY-MM-DD') as date, service_time as time, quantity, options, chosen, flight, note,
  price_pence as "pricePence", status, to_char(free_cancellation_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "freeCancellationUntil",
  late_refund_percent as "lateRefundPercent", payment_id as "paymentId", refund_pence as "refundPence"`;

export type NewBookedService = {
  bookingId: string;
  service: string;
  name: string;
  startsAt: Date;
  date: string;
  time: string;
  quantity: number;
  options: Record<string, string>;
  chosen: string[];
  flight: string | undefined;
  note: string | undefined;
  pricePence: number | null;
  freeCancellationUntil: Date;
  lateRefundPercent: number;
  requestKey: string;
  createdBy: string;
};

/**
 * Adds a booked service once per `requestKey`: a second add with the same key (a double click, a
 * retry) stores nothing and answers the first row's id.
 */
export async function insertBookedService(
  tx: Transaction,
  added: NewBookedService,
): Promise<{ id: string; first: boolean }> {
  const [row] = await tx.query<{ id: string }>(
    `insert into public.booking_services (booking_request_id, service, service_name, starts_at, service_date,
       service_time, quantity, options, chosen, flight, note, price_pence, free_cancellation_until,
       late_refund_percent, status, request_key, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     on conflict on constraint booking_services_one_row_per_add do nothing
     returning id`,
    [
      added.bookingId,
      added.service,
      added.name,
      added.startsAt.toISOString(),
      added.date,
      added.time,
      added.quantity,
      JSON.stringify(added.options),
      added.chosen,
      added.flight || null,
      added.note || null,
      added.pricePence,
      added.freeCancellationUntil.toISOString(),
      added.lateRefundPercent,
      added.pricePence === null ? 'awaiting_price' : 'requested',
      added.requestKey,
      added.createdBy,
    ],
  );
  if (row) return { id: row.id, first: true };
  const [first] = await tx.query<{ id: string }>(
    'select id from public.booking_services where booking_request_id = $1 and request_key = $2',
    [added.bookingId, added.requestKey],
  );
  return { id: String(first?.id), first: false };
}

/** A booking's services by when they start. */
export function listBookedServices(tx: Transaction, bookingId: string): Promise<BookedServiceRow[]> {
  return tx.query<BookedServiceRow>(
    `select ${columns} from public.booking_services where booking_request_id = $1 order by starts_at, created_at`,
    [bookingId],
  );
}

/** One booked service, locked until `tx` ends. */
export async function lockBookedService(tx: Transaction, id: string): Promise<BookedServiceRow | undefined> {
  const [row] = await tx.query<BookedServiceRow>(
    `select ${columns} from public.booking_services where id = $1 for update`,
    [id],
  );
  return row;
}

export async function updateBookedService(
  tx: Transaction,
  id: string,
  change: { status: BookedServiceRow['status']; pricePence?: number | null; refundPence?: number | null },
): Promise<void> {
  await tx.query(
    `update public.booking_services set status = $2,
       price_pence = case when $3::boolean then $4::integer else price_pence end,
       refund_pence = case when $5::boolean then $6::integer else refund_pence end
     where id = $1`,
    [
      id,
      change.status,
      change.pricePence !== undefined,
      change.pricePence ?? null,
      change.refundPence !== undefined,
      change.refundPence ?? null,
    ],
  );
}

export type DayServiceRow = BookedServiceRow & { reference: string; guestName: string; property: string };

/** The services still on, starting on `from` through `through` (India days), by when they start. */
export function selectServicesBetween(
  tx: Transaction,
  from: string,
  through: string,
): Promise<DayServiceRow[]> {
  return tx.query<DayServiceRow>(
    `select service_row.*, request.reference, request.name as "guestName", request.property
     from (select ${columns}, starts_at, created_at from public.booking_services
           where service_date between $1::date and $2::date
             and status in ('requested', 'awaiting_price', 'confirmed')) service_row
     join public.booking_requests request
       on request.id = service_row."bookingId" and request.deleted_at is null
     order by service_row.starts_at, service_row.created_at`,
    [from, through],
  );
}

/** A booked service with what its own payments brought in (its refund is `refundPence`). */
export type ServiceMoneyRow = BookedServiceRow & { receivedPence: number };

const moneyColumns = `${columns},
  (select coalesce(sum(payment.amount_pence), 0) from public.payments payment
   where payment.booking_service_id = booking_services.id)::integer as "receivedPence"`;

/** One booked service with its money, as the caller may see it; `lock` holds its row until `tx` ends. */
export async function selectServiceMoney(
  tx: Transaction,
  id: string,
  { lock = false } = {},
): Promise<ServiceMoneyRow | undefined> {
  const [row] = await tx.query<ServiceMoneyRow>(
    `select ${moneyColumns} from public.booking_services where id = $1${lock ? ' for update of booking_services' : ''}`,
    [id],
  );
  return row;
}

/** The stay a service is booked on, without locking either; undefined when the caller cannot see it. */
export async function selectStayOfService(tx: Transaction, id: string): Promise<string | undefined> {
  const [row] = await tx.query<{ bookingId: string }>(
    'select booking_request_id as "bookingId" from public.booking_services where id = $1',
    [id],
  );
  return row?.bookingId;
}

/** Notes the payment that paid a service (the settlement's transaction, as the server). */
export async function setServicePayment(tx: Transaction, id: string, paymentId: string): Promise<void> {
  await tx.query('update public.booking_services set payment_id = $2 where id = $1', [id, paymentId]);
}

export type OfficeServiceRow = Pick<
  BookedServiceRow,
  'id' | 'name' | 'date' | 'time' | 'status' | 'pricePence'
> & {
  payment: { amountPence: number; receivedOn: string; receiptNumber: string; provider: string | null } | null;
  refunds: { amountPence: number; status: string }[];
};

/**
 * A booking's services by when they start, each with the payment that paid it and that payment's
 * refunds, read through the dashboard's admins-only views (an admin's transaction: RLS decides).
 */
export function selectOfficeServices(tx: Transaction, bookingId: string): Promise<OfficeServiceRow[]> {
  return tx.query<OfficeServiceRow>(
    `select service.id, service.service_name as name, to_char(service.service_date, 'YYYY-MM-DD') as date,
            service.service_time as time, service.status, service.price_pence as "pricePence",
            case when payment.id is null then null else json_build_object(
              'amountPence', payment.amount_pence,
              'receivedOn', to_char(payment.received_on, 'YYYY-MM-DD'),
              'receiptNumber', payment.receipt_number,
              'provider', payment.provider) end as payment,
            coalesce((select json_agg(json_build_object('amountPence', refund.amount_pence, 'status', refund.status)
                                      order by refund.created_at)
                      from dashboard.payment_refunds refund where refund.payment_id = payment.id), '[]'::json)
              as refunds
     from public.booking_services service
     left join dashboard.payments payment on payment.booking_service_id = service.id
     where service.booking_request_id = $1
     order by service.starts_at, service.created_at`,
    [bookingId],
  );
}
