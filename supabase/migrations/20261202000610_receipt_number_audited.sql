-- A payment's audit entries name its receipt number (20261202000600), so the number of a removed entry,
-- which no later payment takes, stays on record with what it was for. As 20261125000510's otherwise.
create or replace function app_private.record_payment_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  entry public.payments;
  details jsonb;
begin
  if tg_op = 'DELETE' then entry := old; else entry := new; end if;
  details := pg_catalog.jsonb_build_object(
    'paymentId', entry.id, 'kind', entry.kind, 'amountPence', entry.amount_pence,
    'receivedOn', pg_catalog.to_char(entry.received_on, 'YYYY-MM-DD'), 'method', entry.method,
    'receiptNumber', entry.receipt_number
  );
  if tg_op = 'DELETE' and entry.note is not null then
    details := details || pg_catalog.jsonb_build_object('note', entry.note);
  end if;
  insert into public.admin_audit_log
    (collection, row_id, action, details, actor_id, actor_email, actor_role)
  values (
    'booking_requests',
    entry.booking_request_id,
    case when tg_op = 'DELETE' then 'payment_deleted' else 'payment_recorded' end,
    details,
    case
      when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (claims ->> 'sub')::uuid
    end,
    nullif(claims ->> 'email', ''),
    coalesce(nullif(claims ->> 'role', ''), session_user::text)
  );
  return entry;
end
$$;
revoke execute on function app_private.record_payment_change() from public;
