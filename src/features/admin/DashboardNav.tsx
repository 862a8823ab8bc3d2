import { type AdminCollectionName, adminCollectionNames, adminCollections } from './collection-contract.ts';

/** What the dashboard can show: one of its lists, the occupancy calendar or the balances due. */
export type DashboardScreen = AdminCollectionName | 'calendar' | 'balances';

/** The screens that are not lists, after the lists in the navigation. */
const otherScreens = [
  { screen: 'calendar', label: 'Occupancy calendar' },
  { screen: 'balances', label: 'Balances due' },
] as const;

type Props = {
  current: DashboardScreen;
  newCount: (name: AdminCollectionName) => number;
  onChoose: (screen: DashboardScreen) => void;
};

/** The lists of the dashboard, each with its count of new items, the occupancy calendar and the balances due. */
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
      </ul>
    </nav>
  );
}
