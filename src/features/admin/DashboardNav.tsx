import { type AdminCollectionName, adminCollectionNames, adminCollections } from './admin-contract.ts';

type Props = {
  /** The list shown; null while the balances due are. */
  current: AdminCollectionName | null;
  newCount: (name: AdminCollectionName) => number;
  onChoose: (name: AdminCollectionName) => void;
  onBalances: () => void;
};

/** The lists of the dashboard, each with its count of new items. */
export function DashboardNav({ current, newCount, onChoose, onBalances }: Props) {
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
            aria-current={current === null ? 'true' : undefined}
            onClick={onBalances}
          >
            Balances due
          </button>
        </li>
      </ul>
    </nav>
  );
}
