import { useEffect, useState } from 'react';
import { todayInKerala } from '../../lib/dates.ts';
import { AvailabilityView } from './AvailabilityView.tsx';
import { useAvailability } from './use-availability.ts';

/**
 * The availability island of a property page. The page is built long before it is read, so the
 * calendar waits for the browser to know today's date (and to fetch the bookings) before it draws.
 */
export default function AvailabilityCalendar({ property }: { property: string }) {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(todayInKerala()), []);
  const state = useAvailability(today ? property : undefined);
  return (
    <div className="availability-slot">
      {today ? (
        <AvailabilityView state={state} today={today} />
      ) : (
        <p className="availability__quiet">Loading the calendar…</p>
      )}
    </div>
  );
}
