import { type AdminCollectionName, adminCollectionNames, adminCollections } from './collection-contract.ts';
import { describeBadge } from './office-day.ts';

/**
 * What the dashboard can show: the office's day, one of its lists, the occupancy calendar, the balances
 * due or the owner's numbers.
 */
export type DashboardScreen = 'today' | AdminCollectionName | 'calendar' | 'balances' | 'numbers';

/**
 * The lists that people send through the site's forms, which the navigation groups under "Messages and
 * forms": every list but the booking requests, which have a button of their own.
 */
export const formCollectionNames = adminCollectionNames.filter((name) => name !== 'booking-requests');

/** Whether a screen is one of the lists grouped under "Messages and forms". */
export const isFormCollection = (screen: DashboardScreen): screen is AdminCollectionName =>
  (formCollectionNames as readonly string[]).includes(screen);

type Props = {
  current: DashboardScreen;
  newCount: (name: AdminCollectionName) => number;
  /** Bookings waiting for the office: new requests, and those whose guest wrote what nobody has read. */
  bookingsWaiting: number;
  onChoose: (screen: DashboardScreen) => void;
  /** The form list "Messages and forms" opens: the one shown last. */
  formCollection: AdminCollectionName;
};

/**
 * The dashboard's navigation between its screens, one row at every width from a 768 px tablet up
 * however many items are new: short labels (each within its button's name, so a voice command that
 * says what it sees works), a count badge of at most three characters, and the form lists behind one
 * button. The office's pages of their own (calendar sync, the content editor) are the office bar's.
 */
export function DashboardNav({ current, newCount, bookingsWaiting, onChoose, formCollection }: Props) {
  const formsNew = formCollectionNames.reduce((sum, name) => sum + newCount(name), 0);
  const screens = [
    { screen: 'today', label: 'Today', before: '', after: '', fresh: 0, word: 'new' },
    {
      screen: 'booking-requests',
      label: 'Bookings',
      before: '',
      after: '',
      fresh: bookingsWaiting,
      word: 'waiting',
    },
    // Their whole names, as a screen reader has always read them: "Occupancy calendar", "Balances due".
    { screen: 'calendar', label: 'calendar', before: 'Occupancy ', after: '', fresh: 0, word: 'new' },
    { screen: 'balances', label: 'Balances', before: '', after: ' due', fresh: 0, word: 'new' },
    { screen: 'numbers', label: 'Numbers', before: '', after: '', fresh: 0, word: 'new' },
  ] as const;
  return (
    <nav className="admin__nav" aria-label="Office">
      <ul>
        {screens.map(({ screen, label, before, after, fresh, word }) => (
          <li key={screen}>
            <button
              type="button"
              className="admin__nav-button"
              aria-current={current === screen ? 'true' : undefined}
              onClick={() => onChoose(screen)}
            >
              {before && <span className="visually-hidden">{before}</span>}
              <span className="admin__nav-label">{label}</span>
              {after && <span className="visually-hidden">{after}</span>}
              <NewBadge count={fresh} word={word} />
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="admin__nav-button"
            aria-current={isFormCollection(current) ? 'true' : undefined}
            onClick={() => onChoose(formCollection)}
          >
            Messages and forms
            <NewBadge count={formsNew} />
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The row of the four form lists, under "Messages and forms": each with its own count of new items,
 * the one shown marked current.
 */
export function FormCollectionsNav({
  current,
  newCount,
  onChoose,
}: Omit<Props, 'formCollection' | 'bookingsWaiting'>) {
  return (
    <nav className="admin__subnav" aria-label="Messages and forms">
      <ul>
        {formCollectionNames.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="admin__nav-button"
              aria-current={name === current ? 'true' : undefined}
              onClick={() => onChoose(name)}
            >
              {adminCollections[name].label}
              <NewBadge count={newCount(name)} />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "12" (or "99+") on the screen, ", 12 new" (or "waiting") to a screen reader; nothing when there are none. */
function NewBadge({ count, word = 'new' }: { count: number; word?: 'new' | 'waiting' }) {
  if (count <= 0) return null;
  return (
    <span className="admin__badge">
      <span aria-hidden="true">{describeBadge(count)}</span>
      <span className="visually-hidden">
        , {count} {word}
      </span>
    </span>
  );
}
