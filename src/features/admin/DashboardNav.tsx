import { paths } from '../../lib/paths.ts';
import { type AdminCollectionName, adminCollectionNames, adminCollections } from './collection-contract.ts';

/** What the dashboard can show: the office's day, one of its lists, the occupancy calendar or the balances due. */
export type DashboardScreen = 'today' | AdminCollectionName | 'calendar' | 'balances';

/** The screens that are not lists, after the lists in the navigation. */
const otherScreens = [
  { screen: 'calendar', label: 'Occupancy calendar' },
  { screen: 'balances', label: 'Balances due' },
] as const;

/** The office's tools that are pages of their own, after the dashboard's screens. */
const otherPages = [
  { href: paths.adminCalendars, label: 'Calendar sync' },
  { href: paths.contentEditor, label: 'Content' },
] as const;

type Props = {
  current: DashboardScreen;
  newCount: (name: AdminCollectionName) => number;
  onChoose: (screen: DashboardScreen) => void;
};

/** The office's navigation: its day, the lists of the dashboard, each with its count of new items, the occupancy calendar, the balances due, and the calendar sync and content editor pages. */
export function DashboardNav({ current, newCount, onChoose }: Props) {
  return (
    <nav className="admin__nav" aria-label="Office">
      <ul>
        <li>
          <button
            type="button"
            className="admin__nav-button"
            aria-current={current === 'today' ? 'true' : undefined}
            onClick={() => onChoose('today')}
          >
            Today
          </button>
        </li>
        {adminCollectionNames.map((name) => {
          const fresh = newCount(name);
          return (
            <li key={name}>
              <button
                type="button"
                className="admin__nav-button"
                aria-current={name === current ? 'true' : undefined}
                onClick={() => onChoose(name)}
              >
                {adminCollections[name].label}
                {fresh > 0 && (
                  <span className="admin__badge">
                    <span className="visually-hidden">, </span>
                    {fresh} new
                  </span>
                )}
              </button>
            </li>
          );
        })}
        {otherScreens.map(({ screen, label }) => (
          <li key={screen}>
            <button
              type="button"
              className="admin__nav-button"
              aria-current={current === screen ? 'true' : undefined}
              onClick={() => onChoose(screen)}
            >
              {label}
            </button>
          </li>
        ))}
        {otherPages.map(({ href, label }) => (
          <li key={href}>
            <a className="admin__nav-button" href={href}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
