import { type SubmitEvent, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { arrivalWindowLabels, arrivalWindows } from '../../lib/arrival-window.ts';
import { bookingStatuses } from '../booking/booking-contract.ts';
import { messageFilterLabels, messageFilters } from '../booking/booking-message-contract.ts';
import { salesStageLabels, salesStages } from '../buyer-enquiry/sales-stage-contract.ts';
import { describeStatus, type Names } from './admin-fields.ts';
import type { ListFilters as Filters } from './admin-query.ts';
import { type AdminCollectionName, adminCollections, type SortName } from './collection-contract.ts';

type Props = {
  collection: AdminCollectionName;
  label: string;
  values: Filters;
  errors: Record<string, string>;
  properties: Names;
  positions: Names;
  busy: boolean;
  onChange: (name: keyof Filters, value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
};

const options = (names: Names) => Object.entries(names).map(([value, label]) => ({ value, label }));

const statusOptions = bookingStatuses.map((status) => ({ value: status, label: describeStatus(status) }));

const arrivalOptions = arrivalWindows.map((window) => ({
  value: window,
  label: arrivalWindowLabels[window],
}));

const messageOptions = messageFilters.map((filter) => ({
  value: filter,
  label: messageFilterLabels[filter],
}));

const stageOptions = salesStages.map((stage) => ({ value: stage, label: salesStageLabels[stage] }));

// Newest first is the placeholder: the server's default, left out of the query.
const sortLabels: Record<Exclude<SortName, 'newest'>, string> = {
  oldest: 'Oldest first',
  arrival: 'Arrival date',
};

/** The fields folded under the disclosure: every one but the search. */
const foldedFields = [
  'status',
  'stage',
  'property',
  'arriving',
  'messages',
  'position',
  'from',
  'to',
  'sort',
] as const;

/**
 * How many of the folded filters are set, for the disclosure's summary ("Filters and sort, 2 set"):
 * the sort counts only when it is not the default.
 */
export function countFoldedFilters(values: Filters): number {
  return foldedFields.filter((name) => (name === 'sort' ? values.sort !== 'newest' : values[name] !== ''))
    .length;
}

/**
 * Search, filters and sort of one table. The search stays in sight; the filters and the sort fold under
 * a disclosure button beside it (open by itself when one of them is refused), so the first screen shows
 * rows. Nothing
 * applies until the form is sent, so the table never changes under the admin while they type; the
 * server answers each field's problem by name.
 */
export function ListFilters({
  collection,
  label,
  values,
  errors,
  properties,
  positions,
  busy,
  onChange,
  onSubmit,
  onClear,
}: Props) {
  const change = (name: string, value: string) => onChange(name as keyof Filters, value);
  const [unfolded, setUnfolded] = useState(false);
  const refused = foldedFields.some((name) => errors[name]);
  const set = countFoldedFilters(values);
  // A refused filter is shown at once, its message beside it.
  const open = unfolded || refused;
  const panelId = `${collection}-filters`;
  // What ties a field to its filter, as `fieldProps` does for the public forms.
  const filterProps = (name: keyof Filters) => ({
    name,
    value: values[name],
    error: errors[name],
    onValueChange: change,
  });
  const { filters, sorts } = adminCollections[collection];
  const offers = (filter: (typeof filters)[number]) => (filters as readonly string[]).includes(filter);
  const sortOptions = sorts.flatMap((sort) =>
    sort === 'newest' ? [] : [{ value: sort, label: sortLabels[sort] }],
  );
  return (
    <search aria-label={`Search ${label.toLowerCase()}`}>
      <form
        className="admin-filters"
        noValidate
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className="admin-filters__search">
          <TextField
            {...filterProps('q')}
            type="search"
            label={`Search ${label.toLowerCase()}`}
            hint="Names, emails, phone numbers and message text; words of 3 letters or more."
            maxLength={200}
          />
        </div>
        <div className="admin-filters__buttons">
          <button className="button button--primary" type="submit" disabled={busy}>
            Search
          </button>
          <button className="button button--ghost" type="button" onClick={onClear}>
            Clear
          </button>
          <button
            className="button button--ghost admin-filters__toggle"
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setUnfolded(!open)}
          >
            Filters and sort{set > 0 ? `, ${set} set` : ''}
          </button>
        </div>
        <div className="admin-filters__fields" id={panelId} hidden={!open}>
          {offers('status') && (
            <SelectField
              {...filterProps('status')}
              label="Status"
              placeholder="Any status"
              options={statusOptions}
            />
          )}
          {offers('stage') && (
            <SelectField
              {...filterProps('stage')}
              label="Stage"
              placeholder="Any stage"
              options={stageOptions}
            />
          )}
          {offers('property') && (
            <SelectField
              {...filterProps('property')}
              label="Property"
              placeholder="Any property"
              options={options(properties)}
            />
          )}
          {offers('arriving') && (
            <SelectField
              {...filterProps('arriving')}
              label="Arriving"
              placeholder="Any arrival date"
              options={arrivalOptions}
            />
          )}
          {offers('messages') && (
            <SelectField
              {...filterProps('messages')}
              label="Messages"
              placeholder="Any messages"
              options={messageOptions}
            />
          )}
          {offers('position') && (
            <SelectField
              {...filterProps('position')}
              label="Position"
              placeholder="Any position"
              options={options(positions)}
            />
          )}
          <TextField {...filterProps('from')} type="date" label="Received from" />
          <TextField {...filterProps('to')} type="date" label="Received until" />
          <SelectField
            {...filterProps('sort')}
            label="Sort"
            placeholder="Newest first"
            options={sortOptions}
            value={values.sort === 'newest' ? '' : values.sort}
            onValueChange={(name, value) => change(name, value || 'newest')}
          />
        </div>
      </form>
    </search>
  );
}
