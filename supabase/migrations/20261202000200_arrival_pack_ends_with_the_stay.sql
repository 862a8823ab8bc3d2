-- A booking's arrival pack ends with its stay. As 20261127002710's definition, with one more condition:
-- Kerala's calendar has not passed the day after departure (the guest who leaves in the morning may
-- still need the caretaker's phone or the way to the airport that day and the next). After it, every
-- policy and service that asks this function sees the pack withdrawn: a past guest reads neither the
-- check-in steps and codes they were given nor the ones the office writes for the guests after them.
create or replace function public.arrival_pack_is_released(booking uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.booking_requests request
    where request.id = booking and request.status = 'confirmed' and request.deleted_at is null
      and (pg_catalog.now() at time zone 'Asia/Kolkata')::date <= request.departure + 1
      and (
        exists (select 1 from public.arrival_pack_releases release where release.booking_request_id = request.id)
        or (select coalesce(sum(payment.amount_pence), 0) from public.payments payment
            where payment.booking_request_id = request.id) >= request.deposit_pence
      )
  )
$$;
