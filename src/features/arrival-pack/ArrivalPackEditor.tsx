import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminArrivalPackRoute, apiRoutes } from '../../lib/api-contract.ts';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  type ArrivalPack,
  type ArrivalPacksAnswer,
  arrivalPacksAnswerSchema,
} from './arrival-pack-contract.ts';
import { describePackReading } from './pack-readers.ts';
import './arrival-pack.scss';

/** The form's fields, in its order, with their labels and whether they take several lines. */
const fields = [
  { name: 'address', label: 'Address', multiline: true },
  { name: 'latitude', label: 'Map pin: latitude (degrees north, e.g. 8.3988)', multiline: false },
  { name: 'longitude', label: 'Map pin: longitude (degrees east, e.g. 76.9784)', multiline: false },
  { name: 'directionsFromCok', label: 'From Kochi airport (COK)', multiline: true },
  { name: 'directionsFromTrv', label: 'From Thiruvananthapuram airport (TRV)', multiline: true },
  { name: 'checkInSteps', label: 'Check-in steps', multiline: true },
  { name: 'caretakerPhone', label: 'Caretaker’s phone', multiline: false },
  { name: 'wifiName', label: 'Wi-Fi name', multiline: false },
  { name: 'wifiPassword', label: 'Wi-Fi password', multiline: false },
  { name: 'houseManual', label: 'House manual', multiline: true },
] as const;

type Draft = Record<(typeof fields)[number]['name'], string>;

const draftOf = (pack: ArrivalPack | null): Draft =>
  Object.fromEntries(fields.map(({ name }) => [name, pack ? String(pack[name]) : ''])) as Draft;

/**
 * The office's arrival packs, one property at a time (the one `?property=` names first, as the day's
 * "write the pack" link asks): choose the property, see which guests will read its pack and when,
 * write it whole and save it. Guests read a pack only on a booking it is released to; it is never in
 * the site's pages.
 */
export default function ArrivalPackEditor() {
  const [packs, setPacks] = useState<ArrivalPacksAnswer | null>(null);
  const [property, setProperty] = useState('');
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [saving, setSaving] = useState(false);

  const leave = useCallback(() => window.location.replace(paths.adminLogin), []);

  const choose = (answer: ArrivalPacksAnswer, slug: string) => {
    setProperty(slug);
    setDraft(draftOf(answer.properties.find((entry) => entry.property === slug)?.pack ?? null));
    setErrors({});
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once
  useEffect(() => {
    void requestJson(apiRoutes.adminArrivalPacks, arrivalPacksAnswerSchema).then((answer) => {
      if (isSessionGone(answer)) return leave();
      if (!answer.ok) return setProblem(answer.message);
      setPacks(answer.data);
      const asked = new URLSearchParams(window.location.search).get('property');
      const first =
        answer.data.properties.find(({ property: slug }) => slug === asked) ?? answer.data.properties[0];
      choose(answer.data, first?.property ?? '');
    });
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setProblem('');
    setDone('');
    const answer = await requestJson(adminArrivalPackRoute(property), arrivalPacksAnswerSchema, {
      method: 'PUT',
      body: draft,
    });
    setSaving(false);
    if (isSessionGone(answer)) return leave();
    if (!answer.ok) {
      setErrors(answer.fields);
      setProblem(answer.message);
      return;
    }
    setErrors({});
    setPacks(answer.data);
    setDone('Arrival pack saved.');
  }

  if (!packs) return <p role={problem ? 'alert' : 'status'}>{problem || 'Loading the arrival packs…'}</p>;
  const chosen = packs.properties.find((entry) => entry.property === property);
  return (
    <div className="arrival-packs">
      <div className="field">
        <label className="field__label" htmlFor="arrival-pack-property">
          Property
        </label>
        <select
          className="field__control"
          id="arrival-pack-property"
          value={property}
          onChange={(event) => {
            setDone('');
            choose(packs, event.currentTarget.value);
          }}
        >
          {packs.properties.map((entry) => (
            <option key={entry.property} value={entry.property}>
              {entry.name}
              {entry.pack ? '' : ' (no pack yet)'}
            </option>
          ))}
        </select>
      </div>
      {chosen && <PackReaders name={chosen.name} readers={chosen.readers} />}
      <form className="arrival-packs__form" noValidate onSubmit={(event) => void save(event)}>
        <h2>{chosen ? `Arrival pack of ${chosen.name}` : 'Arrival pack'}</h2>
        {fields.map(({ name, label, multiline }) => (
          <TextField
            key={name}
            name={name}
            label={label}
            multiline={multiline}
            value={draft[name]}
            error={errors[name]}
            onValueChange={(_name, value) => setDraft((current) => ({ ...current, [name]: value }))}
          />
        ))}
        <p className="arrival-packs__done" role="status">
          {done}
        </p>
        {problem && (
          <p className="form__message" role="alert">
            {problem}
          </p>
        )}
        <button className="button button--primary" type="submit" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save the arrival pack'}
        </button>
      </form>
    </div>
  );
}

/**
 * Who reads the chosen home's pack, and when: the guests of its stays not yet over, each on their
 * booking (now, or once the deposit is paid) and by the email a week before arrival.
 */
function PackReaders({
  name,
  readers,
}: {
  name: string;
  readers: ArrivalPacksAnswer['properties'][number]['readers'];
}) {
  const today = todayInKerala();
  return (
    <section className="arrival-packs__readers" aria-labelledby="arrival-pack-readers">
      <h2 id="arrival-pack-readers">Who will read it</h2>
      {readers.length === 0 ? (
        <p>
          No confirmed stay at {name} is ahead. Its guests will read the pack on their booking once their
          deposit is paid, and it is emailed to them a week before they arrive.
        </p>
      ) : (
        <ul>
          {readers.map((reader) => (
            <li key={reader.bookingId}>
              <strong>{reader.guestName}</strong> ({reader.reference}), arriving{' '}
              {formatStayDate(reader.arrival)}: {describePackReading(reader, today)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
