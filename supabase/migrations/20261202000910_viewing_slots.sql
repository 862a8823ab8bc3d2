-- A viewing is asked for at one slot the buyer chose from the office's free ones (its viewing hours,
-- src/lib/viewing-slots.ts), no longer at two or three times typed freely. A slot of a home is taken
-- by one open viewing request: a second request for it is refused here, whatever raced to send it,
-- and the slot is free again once the office marks the first lost or it goes to the trash. Requests
-- sent before keep their preferred times.
alter table public.buyer_enquiries
  add column viewing_slot timestamptz,
  drop constraint buyer_enquiries_viewing_has_slots,
  add constraint buyer_enquiries_viewing_has_a_time check (
    case intent
      when 'viewing' then viewing_mode is not null and (
        (viewing_slot is not null and viewing_slots is null)
        or (
          viewing_slot is null
          and cardinality(viewing_slots) between 2 and 3
          and array_position(viewing_slots, null) is null
        )
      )
      else viewing_mode is null and viewing_slots is null and viewing_slot is null
    end
  );

create unique index buyer_enquiries_one_viewing_a_slot
  on public.buyer_enquiries (property_kind, property, viewing_slot)
  where viewing_slot is not null and deleted_at is null and stage <> 'lost';

grant insert (viewing_slot) on public.buyer_enquiries to anon, authenticated;

-- The dashboard's view lists the table's columns as they were when it was made: it takes the new one.
create or replace view dashboard.buyer_enquiries as
  select * from public.buyer_enquiries where (select public.is_admin());
