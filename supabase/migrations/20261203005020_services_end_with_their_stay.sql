-- A stay cancelled, declined or withdrawn takes its services with it: those still asked for or
-- confirmed are cancelled in the same statement, so the concierge's day never lists a transfer for a
-- stay that is not coming. (None is paid yet: a paid service is refunded by the office, by its rule.)

create function app_private.cancel_services_of_ended_stays() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.booking_services set status = 'cancelled'
  where booking_request_id = new.id and status in ('requested', 'awaiting_price', 'confirmed')
    -- One already under way is the office's to settle.
    and starts_at > now();
  return new;
end;
$$;

create trigger booking_requests_cancel_their_services
  after update of status on public.booking_requests
  for each row
  when (new.status not in ('new', 'confirmed', 'held') and old.status is distinct from new.status)
  execute function app_private.cancel_services_of_ended_stays();
