-- Seasons (#16, item 4): a stay is priced night by night across the property's rate seasons, and its
-- quote explains the subtotal in lines, one per season: {"season", "nights", "weeklyRatePence",
-- "amountPence"} (src/lib/quote.ts). The request keeps the lines it was quoted, since the content's
-- seasons may change after it was sent.
--
-- Null for a request stored before seasons (and for rows written by tools that predate them): it was
-- priced at one rate, so its one line is `nights` at `weekly_rate_pence`, the whole subtotal, and the
-- server reads it so (booking-request-repository.ts). A request with lines must add up: their nights to
-- `nights`, their amounts to `subtotal_pence`, so a total never disagrees with what explains it.

alter table public.booking_requests add column price_lines jsonb;

-- A CHECK may not hold a subquery; an immutable function may.
create function public.price_lines_add_up(lines jsonb, nights integer, subtotal_pence integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then false
    else (
      select bool_and(
               jsonb_typeof(line -> 'nights') = 'number' and (line ->> 'nights')::numeric > 0
               and jsonb_typeof(line -> 'amountPence') = 'number' and (line ->> 'amountPence')::numeric >= 0
               and jsonb_typeof(line -> 'weeklyRatePence') = 'number'
               and jsonb_typeof(line -> 'season') in ('string', 'null')
             )
             and sum((line ->> 'nights')::numeric) = nights
             and sum((line ->> 'amountPence')::numeric) = subtotal_pence
      from jsonb_array_elements(lines) as line
    )
  end
$$;

-- Every statement that writes a row checks it: the server's inserts and the office's status changes.
grant execute on function public.price_lines_add_up(jsonb, integer, integer) to authenticated, service_role;

alter table public.booking_requests
  add constraint booking_requests_price_lines_add_up
  check (price_lines is null or public.price_lines_add_up(price_lines, nights, subtotal_pence));
