import { type AdminRow, type Lookups, tableColumns } from './admin-fields.ts';
import type { AdminCollectionName } from './collection-contract.ts';

type Props = {
  collection: AdminCollectionName;
  caption: string;
  rows: AdminRow[];
  inTrash: boolean;
  lookups: Lookups;
  onOpen: (row: AdminRow) => void;
  onDelete: (row: AdminRow) => void;
  onRestore: (row: AdminRow) => void;
};

/**
 * One page of a list. Money, dates, references and buttons never wrap; if the columns still need more
 * room than the screen has, the table scrolls sideways inside a labelled, focusable region, so the page
 * itself never does and a keyboard can scroll it too. On a phone each row becomes a card of
 * "label: value" lines (the stylesheet does it, from each cell's `data-label`).
 */
export function RowsTable({
  collection,
  caption,
  rows,
  inTrash,
  lookups,
  onOpen,
  onDelete,
  onRestore,
}: Props) {
  const columns = tableColumns[collection];
  if (rows.length === 0) return <p className="admin__empty">Nothing to show here.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="admin-table" aria-labelledby="admin-table-caption" tabIndex={0}>
      <table>
        {/* Read, not shown: the screen's heading says the same just above. */}
        <caption id="admin-table-caption" className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = String(row.name || row.email || 'No name');
            return (
              <tr key={row.id} className={row.isNew ? 'admin-table__new' : undefined}>
                <th scope="row">
                  <button type="button" className="admin-table__open" onClick={() => onOpen(row)}>
                    {name}
                  </button>
                  {row.isNew === true && <span className="admin-table__tag">New</span>}
                  {typeof row.answeredAt === 'string' && (
                    <span className="admin-table__tag admin-table__tag--answered">Answered</span>
                  )}
                </th>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.header}
                    className={
                      column.whole ? 'admin-table__whole' : column.wide ? 'admin-table__wide' : undefined
                    }
                  >
                    {column.opens ? (
                      <button type="button" className="admin-table__open" onClick={() => onOpen(row)}>
                        {column.format(row, lookups)}
                      </button>
                    ) : (
                      column.format(row, lookups)
                    )}
                  </td>
                ))}
                <td className="admin-table__actions">
                  {inTrash ? (
                    <button type="button" className="button button--ghost" onClick={() => onRestore(row)}>
                      Restore<span className="visually-hidden"> {name}</span>
                    </button>
                  ) : (
                    <button type="button" className="button button--ghost" onClick={() => onDelete(row)}>
                      Delete<span className="visually-hidden"> {name}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
