import { type AdminCollectionName, adminCollectionNames, adminCollections } from './admin-contract.ts';

/** What the dashboard can show: one of its lists, or the occupancy calendar. */
export type DashboardScreen = AdminCollectionName | 'calendar';

type Props = {
  current: DashboardScreen;
  newCount: (name: AdminCollectionName) => number;
  onChoose: (screen: DashboardScreen) => void;
};

/** The lists of the dashboard, each with its count of new items, and the occupancy calendar. */
export function DashboardNav({ current, newCount, onChoose }: Props) {
  return (
    <nav className="admin__nav" aria-label="Dashboard lists">
      <ul>
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
        <li>
          <button
            type="button"
            className="admin__nav-button"
            aria-current={current === 'calendar' ? 'true' : undefined}
            onClick={() => onChoose('calendar')}
          >
            Occupancy calendar
          </button>
        </li>
      </ul>
    </nav>
  );
}
