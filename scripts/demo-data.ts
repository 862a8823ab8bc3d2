/**
 * Realistic rows for trying the dashboard and for `npm run bench:admin`: Kerala names, the real
 * villas and apartments with quotes priced by their weekly rates, positions from the careers page,
 * dates over the past two years. Inserted by the database owner with `insert … select
 * generate_series`, so 100,000 rows per table take seconds, not minutes. Confirmed stays are laid on a
 * calendar of their own per property, so they never overlap each other or a stay already confirmed.
 */
import path from 'node:path';
import pg from 'pg';
import jobs from '../src/content/jobs.json' with { type: 'json' };
import { readCatalogue } from '../src/server/catalogue/catalogue.ts';
import { insertBookingsFrom, type RunQuery } from '../tests/support/booking-scenario.ts';

const root = path.resolve(import.meta.dirname, '..');
const words = (text: string) => text.trim().split(/\s+/);

const firstNames = words(`
  Anjali Arjun Asha Deepa Divya Gokul Hari Jithin Kavya Lakshmi Manoj Meera
  Nikhil Priya Rahul Reshma Sajith Sreeja Sruthi Vishnu Thomas Mariam Joseph Aleena
  Fathima Muhammed Ayesha Sneha Anoop Bindu Gopika Akhil Nandana Sanjay Athira Shibu
  Jismy Renjith Sheela Unni
`);
const surnames = words(`
  Nair Menon Pillai Kurup Varma Namboothiri Panicker Thomas Joseph Kurian George Mathew
  Varghese Jacob Chacko Abraham Koshy Nambiar Warrier Kaimal Unnithan Rahman Basheer Koya
  Cherian Philip Das Krishnan Raghavan Sebastian
`);
// Many guests book from the UK, where the weekly rates are quoted.
const visitorFirstNames = words(`
  Oliver Amelia Harry Isla George Emily James Sophie William Grace
`);
const visitorSurnames = words(`
  Smith Jones Taylor Brown Williams Wilson Davies Evans Clarke Hughes
`);
const domains = ['example.com', 'example.org', 'example.net', 'example.in'];
const cities = words(`
  Kochi Thiruvananthapuram Kozhikode Thrissur Kottayam Alappuzha Kollam Kannur Bengaluru Chennai Mumbai Dubai
  London Manchester Birmingham Edinburgh Bristol
`);
const contactMessages = [
  'Could you tell me whether the villa has a generator for power cuts during the monsoon?',
  'We are a family of five travelling in December. Is airport pickup from Trivandrum possible?',
  'Is the pool at the villa safe for small children? Do you provide a cot and a high chair?',
  'Can your concierge arrange a houseboat day on the backwaters near Kumarakom?',
  'I would like to book a Kathakali performance and an Ayurvedic massage during our stay.',
  'Do you accept payment by bank transfer from the UK, and in which currency?',
  'We stayed last Onam and loved it. Are there any offers for returning guests?',
  'Please call me back about a corporate retreat for twelve people in February.',
  'Is there reliable wifi? I need to work remotely for two of the weeks.',
  'How far is the Varkala villa from the beach, and are the steps steep?',
  'Can the cook prepare a Kerala sadya for a birthday lunch on the terrace?',
  'Are pets allowed? We travel with a small, well-behaved dog.',
  'What is your cancellation policy if our flights change because of the weather?',
  'Do you have a villa with wheelchair access and a ground-floor bedroom?',
  'We want to see the Thrissur Pooram. Which property is closest to the festival?',
];
const qualifications = [
  'B.Arch, 2019',
  'B.Tech Civil Engineering, 2016',
  'MBA Hospitality, 2020',
  'BHM, 2018',
  'Diploma in Interior Design, 2021',
  'ITI Electrician, 2015',
  'M.Arch, 2022',
  'BBA, 2017',
  'MA English, 2014',
  'B.Des, 2023',
  'Diploma in Electrical Engineering, 2019',
];
const coverNotes = [
  'I have five years of experience in resort operations in Kovalam and speak Malayalam, English and Hindi.',
  'I restored two tharavad homes in Thrissur and would love to bring that care to your villas.',
  'I have supervised residential construction through three monsoons and know the local contractors.',
  'I run social media for a homestay in Munnar and grew its direct bookings by half in a year.',
  'I am an electrician with solar and inverter experience, available for on-call work in season.',
  'I moved back to Kerala from Dubai and would like to work in hospitality close to home.',
];
const partnerPlaces = [
  'Alappuzha',
  'Kumarakom',
  'Munnar',
  'Wayanad',
  'Varkala',
  'Kovalam',
  'Fort Kochi',
  'Thekkady',
  'Marari',
  'Bekal',
  'Poovar',
  'Vagamon',
];
const partnerKinds = [
  'villa',
  'heritage home',
  'apartment',
  'lake-facing cottage',
  'plantation bungalow',
  'beach house',
];
const partnerFeatures = [
  'with a private pool, available from October',
  'on the backwaters with its own jetty',
  'fully furnished, with a caretaker living nearby',
  'recently renovated, with solar power and a generator',
  'in a gated community, ten minutes from the beach',
  'in a coconut grove, with a traditional nalukettu courtyard',
];

export type SeedCounts = Record<
  'booking_requests' | 'career_applications' | 'contact_messages' | 'partner_enquiries' | 'buyer_enquiries',
  number
>;

// A row's time in the past two years, more of them lately, as a growing site sees (so a small demo
// still has new items); one chance in a hundred of being in the trash, deleted a little after it
// arrived (so some is old enough for the purge).
const createdAt = `now() - power(random(), 2) * interval '730 days'`;
const deletedAt = (created: string) =>
  `case when random() < 0.01 then least(now(), ${created} + random() * interval '40 days') end`;
// Opened by the office soon after it arrived, except most of what came in the last few days.
const readAt = (created: string) =>
  `case when ${created} < now() - interval '3 days' or random() < 0.3
        then least(now(), ${created} + random() * interval '30 hours') end`;
const pick = (array: string) => `(${array})[1 + floor(random() * cardinality(${array}))::int]`;
const indianPhone = `'+91 9' || lpad(floor(random() * 10000)::int::text, 4, '0') || ' ' || lpad(floor(random() * 100000)::int::text, 5, '0')`;
const ukPhone = `'+44 7700 9' || lpad(floor(random() * 100000)::int::text, 5, '0')`;

/** Person columns (name, email, phone) from picked `first` and `last`, with a number to vary the email. */
const personColumns = (phone: string) => `first || ' ' || last as name,
  lower(first) || '.' || lower(replace(last, ' ', '')) || n % 997 || '@' || ${pick('$3::text[]')} as email,
  ${phone} as phone`;

async function insertContactLike(
  client: pg.Client,
  table: 'contact_messages' | 'partner_enquiries',
  rows: number,
) {
  // Partner enquiries describe a property: "3-bedroom heritage home in Fort Kochi, with …".
  const [message, texts] =
    table === 'contact_messages'
      ? [pick('$4::text[]'), [contactMessages]]
      : [
          `(2 + floor(random() * 5))::int || '-bedroom ' || ${pick('$4::text[]')} || ' in ' || ${pick('$5::text[]')} || ', ' || ${pick('$6::text[]')}`,
          [partnerKinds, partnerPlaces, partnerFeatures],
        ];
  const parameters = [firstNames, surnames, domains, ...texts, rows];
  const result = await client.query(
    `insert into public.${table} (name, email, phone, message, created_at, read_at, deleted_at)
     select name, email, phone, message, created_at, ${readAt('created_at')}, ${deletedAt('created_at')}
     from (
       select ${personColumns(indianPhone)}, ${message} as message, created_at
       from (
         select n, ${pick('$1::text[]')} as first, ${pick('$2::text[]')} as last, ${createdAt} as created_at
         from generate_series(1, $${parameters.length}::int) as n
       ) picked
     ) person`,
    parameters,
  );
  return result.rowCount ?? 0;
}

async function insertCareerApplications(client: pg.Client, rows: number) {
  const result = await client.query(
    `insert into public.career_applications
       (name, email, phone, qualification, position, cover_note, created_at, read_at, deleted_at)
     select name, email, phone, ${pick('$4::text[]')}, ${pick('$5::text[]')},
            case when random() < 0.6 then ${pick('$6::text[]')} end,
            created_at, ${readAt('created_at')}, ${deletedAt('created_at')}
     from (
       select ${personColumns(indianPhone)}, created_at
       from (
         select n, ${pick('$1::text[]')} as first, ${pick('$2::text[]')} as last, ${createdAt} as created_at
         from generate_series(1, $7::int) as n
       ) picked
     ) person`,
    [firstNames, surnames, domains, qualifications, jobs.jobs.map((job) => job.id), coverNotes, rows],
  );
  return result.rowCount ?? 0;
}

const buyerCountries = [
  'United Arab Emirates',
  'Saudi Arabia',
  'Qatar',
  'Kuwait',
  'Oman',
  'Bahrain',
  'United Kingdom',
  'United States',
  'India',
  'Singapore',
];
const buyerTimeZones = [
  'Asia/Dubai',
  'Asia/Riyadh',
  'Asia/Qatar',
  'Asia/Kuwait',
  'Asia/Muscat',
  'Asia/Bahrain',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Singapore',
];
const buyerBudgets = [
  '₹50 lakh',
  '₹70 lakh',
  '₹1 crore',
  '₹1.5 crore',
  '£60,000',
  'AED 300,000',
  'US$120,000',
];

/**
 * Buyers' enquiries about the villas and apartments, most from the Gulf, spread across the sales
 * pipeline as an office's would be: most new or contacted, fewer at a viewing or an offer, a few sold
 * or lost. A stage past a viewing has the viewing's time, a week or two after the enquiry came in.
 * Inserted by the owner, so no stage move is walked: the trigger checks moves, not where a row starts.
 */
async function insertBuyerEnquiries(client: pg.Client, rows: number) {
  const properties = (await readCatalogue(root)).properties;
  const countryIndex = `(1 + floor(random() * ${buyerCountries.length}))::int`;
  const result = await client.query(
    `insert into public.buyer_enquiries
       (property, property_kind, intent, name, email, phone, country, budget, home_loan, paying_from_abroad,
        viewing_mode, viewing_slots, time_zone, message, created_at, read_at, deleted_at,
        stage, stage_changed_at, viewing_at)
     select property, kind, intent, name, email, phone, ($5::text[])[place], ${pick('$7::text[]')},
            random() < 0.3, place <> 9,
            case when intent = 'viewing' then case when random() < 0.6 then 'video' else 'in-person' end end,
            case when intent = 'viewing'
              then array[slot, slot + interval '1 day 2 hours']
            end,
            ($6::text[])[place], null, created_at,
            case when stage <> 'new' then least(now(), created_at + interval '3 hours') else ${readAt('created_at')} end,
            ${deletedAt('created_at')},
            stage,
            case when stage <> 'new' then least(now(), created_at + interval '2 days') end,
            case when stage in ('viewing-arranged', 'offer', 'sold')
              then date_trunc('hour', slot) end
     from (
       select ${personColumns(`case when random() < 0.7 then '+971 50 ' || lpad(floor(random() * 10000000)::int::text, 7, '0') else ${indianPhone} end`)},
              ${pick('$4::text[]')} as property, n, created_at, place,
              case when random() < 0.7 then 'viewing' else 'buying' end as intent,
              date_trunc('hour', created_at + interval '10 days' + random() * interval '7 days') as slot,
              case
                when r < 0.3 then 'new' when r < 0.5 then 'contacted' when r < 0.68 then 'viewing-arranged'
                when r < 0.8 then 'offer' when r < 0.88 then 'sold' else 'lost'
              end as stage
       from (
         select n, ${pick('$1::text[]')} as first, ${pick('$2::text[]')} as last,
                now() - power(random(), 2) * interval '180 days' as created_at,
                ${countryIndex} as place, random() as r
         from generate_series(1, $8::int) as n
       ) picked
     ) enquiry
     join (select unnest($4::text[]) as slug, unnest($9::text[]) as kind) home on home.slug = enquiry.property`,
    [
      firstNames.concat(visitorFirstNames),
      surnames.concat(visitorSurnames),
      domains,
      properties.map((property) => property.slug),
      buyerCountries,
      buyerTimeZones,
      buyerBudgets,
      rows,
      properties.map((property) => property.kind),
    ],
  );
  return result.rowCount ?? 0;
}

/**
 * The quote columns for a stay, by the rules of src/lib/pricing.ts: rate × nights / 7, 20% off for
 * exactly two guests, a 25% deposit with the balance due 45 days before arrival, or everything due at
 * once when arrival is 45 days away or less.
 */
const quoted = `select *, subtotal - discount as total
  from (
    select *, case when guests = 2 then round(subtotal * 0.2)::int else 0 end as discount
    from (
      select *, round(rate * nights / 7.0)::int as subtotal,
             arrival - (created_at at time zone 'Asia/Kolkata')::date <= 45 as all_due
      from stay
    ) subtotalled
  ) discounted`;
const quoteColumns = `nights, rate, subtotal, discount, total,
  case when all_due then total else round(total * 0.25)::int end,
  case when all_due then 0 else total - round(total * 0.25)::int end,
  case when all_due then null else arrival - 45 end`;

async function insertBookingRequests(client: pg.Client, rows: number, confirmedShare: number) {
  const catalogue = await readCatalogue(root);
  const properties = catalogue.properties;
  const parameters = [
    properties.map((property) => property.slug),
    properties.map((property) => property.weeklyRateGbp * 100),
    properties.map((property) => property.minNights),
    properties.map((property) => property.sleeps),
    firstNames.concat(visitorFirstNames),
    surnames.concat(visitorSurnames),
    domains,
    cities,
    contactMessages,
  ];
  const run: RunQuery = async (text, values) => (await client.query(text, values)).rows;
  const insert = (stays: string, status: string, statusChangedAt: string, extraParameters: unknown[]) =>
    insertBookingsFrom(
      run,
      {
        withQueries: `stay as (${stays}), quoted as (${quoted})`,
        columns: [
          ...['user_id', 'name', 'email', 'phone', 'city', 'property', 'arrival', 'departure', 'guests'],
          ...['message', 'nights', 'weekly_rate_pence', 'subtotal_pence', 'discount_pence', 'total_pence'],
          ...['deposit_pence', 'balance_pence', 'balance_due_date', 'status', 'status_changed_at'],
          ...['created_at', 'deleted_at'],
        ],
        select: `select gen_random_uuid(), first || ' ' || last,
              lower(first) || '.' || lower(last) || n % 997 || '@' || ${pick('$7::text[]')},
              case when random() < 0.5 then ${ukPhone} else ${indianPhone} end,
              ${pick('$8::text[]')}, property, arrival, arrival + nights, guests,
              case when random() < 0.5 then ${pick('$9::text[]')} end,
              ${quoteColumns}, ${status}, ${statusChangedAt}, created_at, ${deletedAt('created_at')}
       from quoted`,
      },
      [...parameters, ...extraParameters],
    );

  // Confirmed stays: each property's calendar, from 18 months ago to 18 months ahead, in 8-day slots
  // holding one stay of at most 7 nights, so no two overlap; the stays are spread evenly over it. A
  // slot that overlaps a stay confirmed before (an earlier seed, a real booking) is skipped.
  const slotDays = 8;
  const slots = Math.floor((3 * 365) / slotDays);
  const wanted = Math.min(Math.round(rows * confirmedShare), slots * properties.length);
  // With none wanted (a handful of rows), any stride will do; dividing by zero would not.
  const slotStride = Math.max(1, Math.floor(slots / Math.max(1, Math.ceil(wanted / properties.length))));
  const confirmed = await insert(
    `select n, slug as property, rate, sleeps, arrival, nights, guests, first, last,
            least(now(), arrival - (10 + floor(random() * 200))::int * interval '1 day') as created_at
     from (
       select n, p.slug, p.rate, p.sleeps,
              current_date - 540 + ((n - 1) / cardinality($1::text[])) * ${slotStride * slotDays} + floor(random() * 2)::int as arrival,
              least(7, greatest(p.min_nights, 3 + floor(random() * 5)::int)) as nights,
              1 + floor(random() * least(p.sleeps, 10))::int as guests,
              ${pick('$5::text[]')} as first, ${pick('$6::text[]')} as last
       from generate_series(1, $10::int) as n
       join unnest($1::text[], $2::int[], $3::int[], $4::int[]) with ordinality as p(slug, rate, min_nights, sleeps, i)
         on p.i = 1 + (n - 1) % cardinality($1::text[])
     ) slot
     where not exists (
       select 1 from public.booking_requests taken
       where taken.property = slot.slug and taken.status = 'confirmed' and taken.deleted_at is null
         and daterange(taken.arrival, taken.departure, '[)') && daterange(slot.arrival, slot.arrival + slot.nights, '[)')
     )`,
    `'confirmed'`,
    `least(now(), created_at + random() * interval '48 hours')`,
    [wanted],
  );

  // The rest: requests still new (the last three weeks' ones, mostly), and older ones declined or
  // cancelled, whose dates may overlap anything.
  const others = await insert(
    `select n, p.slug as property, p.rate, p.sleeps, created_at,
            (created_at at time zone 'Asia/Kolkata')::date + (3 + floor(random() * 300))::int as arrival,
            p.min_nights + floor(random() * (15 - p.min_nights))::int as nights,
            1 + floor(random() * least(p.sleeps, 10))::int as guests,
            ${pick('$5::text[]')} as first, ${pick('$6::text[]')} as last
     from (select n, ${createdAt} as created_at, 1 + floor(random() * cardinality($1::text[]))::int as i
           from generate_series(1, $10::int) as n) picked
     join unnest($1::text[], $2::int[], $3::int[], $4::int[]) with ordinality as p(slug, rate, min_nights, sleeps, i)
       using (i)`,
    `case when created_at > now() - interval '21 days' and random() < 0.8 then 'new'
          when random() < 0.6 then 'declined' else 'cancelled' end`,
    `case when created_at > now() - interval '21 days' then null
          else least(now(), created_at + random() * interval '48 hours') end`,
    [rows - confirmed],
  );
  return confirmed + others;
}

/**
 * Adds `rows` demo rows to each of the five tables as the database owner, then refreshes the
 * planner's statistics and the visibility map, as autovacuum would do soon after.
 */
export async function seedDemoData(
  databaseUrl: string,
  rows: number,
  {
    confirmedShare = 0.3,
    buyerEnquiries,
    log = () => {},
  }: {
    confirmedShare?: number;
    /** Buyers' enquiries to add, if not `rows`: a home sells less often than it is let. */
    buyerEnquiries?: number;
    log?: (line: string) => void;
  } = {},
): Promise<SeedCounts> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kayal-villas-seed' });
  await client.connect();
  try {
    const counts: SeedCounts = {
      booking_requests: await insertBookingRequests(client, rows, confirmedShare),
      career_applications: await insertCareerApplications(client, rows),
      contact_messages: await insertContactLike(client, 'contact_messages', rows),
      partner_enquiries: await insertContactLike(client, 'partner_enquiries', rows),
      buyer_enquiries: await insertBuyerEnquiries(client, buyerEnquiries ?? rows),
    };
    for (const table of Object.keys(counts)) {
      log(`Seeded ${counts[table as keyof SeedCounts]} rows into ${table}`);
      await client.query(`vacuum analyze public.${table}`);
    }
    return counts;
  } finally {
    await client.end();
  }
}
