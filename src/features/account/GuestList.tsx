import { type SubmitEvent, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountGuestListRoute } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { madeOnFirstUse } from '../../lib/made-on-first-use.ts';
import { requestJson } from '../api/client.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import {
  guestListMaxGuests,
  guestListRetentionDays,
  nameNationality,
  nationalityCodes,
  type OwnGuestListAnswer,
  ownGuestListAnswerSchema,
  visaTypes,
} from '../booking/guest-list-contract.ts';

/** One guest as the form holds them: every field as typed. */
type GuestDraft = {
  name: string;
  childAge: string;
  foreign: boolean;
  nationality: string;
  passportNumber: string;
  visaNumber: string;
  visaType: string;
  arrivedInIndia: string;
  arrivingFrom: string;
  goingNext: string;
};

const emptyGuest: GuestDraft = {
  name: '',
  childAge: '',
  foreign: false,
  nationality: '',
  passportNumber: '',
  visaNumber: '',
  visaType: '',
  arrivedInIndia: '',
  arrivingFrom: '',
  goingNext: '',
};

type FormCField = Exclude<keyof GuestDraft, 'name' | 'childAge' | 'foreign'>;

/** The body of the PUT: an age typed as digits becomes a number; anything else goes as typed, to be refused. */
function toBody(arrivalTime: string, guests: GuestDraft[]) {
  return {
    arrivalTime,
    guests: guests.map((guest) => ({
      name: guest.name,
      childAge:
        guest.childAge.trim() === ''
          ? null
          : /^\d+$/.test(guest.childAge.trim())
            ? Number(guest.childAge)
            : guest.childAge,
      formC: guest.foreign
        ? {
            nationality: guest.nationality,
            passportNumber: guest.passportNumber,
            visaNumber: guest.visaNumber,
            visaType: guest.visaType,
            arrivedInIndia: guest.arrivedInIndia,
            arrivingFrom: guest.arrivingFrom,
            goingNext: guest.goingNext,
          }
        : null,
    })),
  };
}

// Named and sorted when a foreign guest's fields first show, not as the account page loads.
const nationalityOptions = madeOnFirstUse(() =>
  nationalityCodes
    .map((code) => ({ value: code, label: nameNationality(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
);
const visaOptions = Object.entries(visaTypes).map(([value, label]) => ({ value, label }));

/** "Jane Smith, 7 years old, British passport ending 123": a saved guest as the guest reads them back. */
function describeSavedGuest(guest: NonNullable<OwnGuestListAnswer['list']>['guests'][number]): string {
  const age = guest.childAge === null ? '' : `, ${guest.childAge} years old`;
  const formC = guest.formC
    ? `; ${nameNationality(guest.formC.nationality)} passport ending ${guest.formC.passportEnding}, ${visaTypes[guest.formC.visaType as keyof typeof visaTypes] ?? guest.formC.visaType}, in India from ${formatStayDate(guest.formC.arrivedInIndia)}`
    : '';
  return `${guest.name}${age}${formC}`;
}

/**
 * "Who is coming" on a confirmed booking's card: every guest's name (and a child's age), the arrival
 * time, and for each foreign national the details the office must file on Form C within 24 hours of
 * arrival. What was saved is read back with each passport number cut to its last three characters;
 * saving again replaces the list whole, so passport and visa numbers are typed again.
 */
export function GuestList({ request }: { request: AccountBookingRequest }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<OwnGuestListAnswer | null>(null);
  const [problem, setProblem] = useState('');
  const [arrivalTime, setArrivalTime] = useState('');
  const [guests, setGuests] = useState<GuestDraft[]>([{ ...emptyGuest }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const route = accountGuestListRoute(request.id);
  const panelId = `guests-${request.id}`;
  const field = (index: number, name: string) => `guest-${request.id}-${index}-${name}`;

  async function load() {
    const answer = await requestJson(route, ownGuestListAnswerSchema);
    if (!answer.ok) return setProblem(answer.message);
    setSaved(answer.data);
    const list = answer.data.list;
    if (list) {
      setArrivalTime(list.arrivalTime);
      setGuests(
        list.guests.map((guest) => ({
          ...emptyGuest,
          name: guest.name,
          childAge: guest.childAge === null ? '' : String(guest.childAge),
          foreign: guest.formC !== null,
          nationality: guest.formC?.nationality ?? '',
          visaType: guest.formC?.visaType ?? '',
          arrivedInIndia: guest.formC?.arrivedInIndia ?? '',
        })),
      );
    }
  }

  function change(index: number, patch: Partial<GuestDraft>) {
    setGuests((all) => all.map((guest, at) => (at === index ? { ...guest, ...patch } : guest)));
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setDone('');
    setProblem('');
    const answer = await requestJson(route, ownGuestListAnswerSchema, {
      method: 'PUT',
      body: toBody(arrivalTime, guests),
    });
    sendingNow.current = false;
    setSending(false);
    if (!answer.ok) {
      setErrors(answer.fields);
      setProblem(answer.message);
      return;
    }
    setErrors({});
    setSaved(answer.data);
    setDone('Guest list saved.');
  }

  const formCText = (
    index: number,
    name: FormCField,
    label: string,
    extra: { type?: string; hint?: string } = {},
  ) => (
    <TextField
      name={field(index, name)}
      label={label}
      type={extra.type}
      hint={extra.hint}
      value={guests[index]?.[name] ?? ''}
      error={errors[`guests.${index}.formC.${name}`]}
      onValueChange={(_name, value) => change(index, { [name]: value })}
    />
  );

  return (
    <div className="request__guests">
      <p className="actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            if (!open && !saved) void load();
            setOpen(!open);
          }}
        >
          Who is coming<span className="visually-hidden"> on {request.reference}</span>
        </button>
      </p>
      <section id={panelId} hidden={!open} aria-labelledby={`${panelId}-title`} className="guest-list">
        <h3 id={`${panelId}-title`}>Who is coming</h3>
        <p>
          List everyone staying, and the time you expect to arrive. Indian law asks us to register every guest
          who is not an Indian citizen with the Foreigners Regional Registration Office (Form C) within 24
          hours of arrival, so for them we need their passport and visa. Only our office can read these
          details, and we delete them {guestListRetentionDays} days after you leave.
        </p>
        {saved?.list && (
          <div>
            <h4>Saved</h4>
            <p>Arriving at {saved.list.arrivalTime}.</p>
            <ul>
              {saved.list.guests.map((guest, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a saved list is shown whole, in order
                <li key={index}>{describeSavedGuest(guest)}</li>
              ))}
            </ul>
          </div>
        )}
        {saved && !saved.open ? (
          <p>The guest list can be given for a confirmed booking until the day of departure.</p>
        ) : (
          <form noValidate onSubmit={(event) => void save(event)}>
            <TextField
              name={`guests-${request.id}-arrival-time`}
              label="Arrival time (India time, 24-hour clock)"
              hint="For example 14:30."
              type="time"
              value={arrivalTime}
              error={errors.arrivalTime}
              onValueChange={(_name, value) => setArrivalTime(value)}
            />
            {errors.guests && (
              <p className="form__message" role="alert">
                {errors.guests}
              </p>
            )}
            {guests.map((guest, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: guests have no id until saved; removing re-renders the rest
              <fieldset key={index} className="guest-list__guest">
                <legend>Guest {index + 1}</legend>
                <TextField
                  name={field(index, 'name')}
                  label="Full name, as on the passport"
                  value={guest.name}
                  error={errors[`guests.${index}.name`]}
                  onValueChange={(_name, value) => change(index, { name: value })}
                />
                <TextField
                  name={field(index, 'age')}
                  label="Age, if under 18"
                  hint="Leave empty for an adult."
                  inputMode="numeric"
                  value={guest.childAge}
                  error={errors[`guests.${index}.childAge`]}
                  onValueChange={(_name, value) => change(index, { childAge: value })}
                />
                <div className="field">
                  <label>
                    <input
                      type="checkbox"
                      checked={guest.foreign}
                      onChange={(event) => change(index, { foreign: event.currentTarget.checked })}
                    />{' '}
                    Not an Indian citizen (we need their passport and visa for Form C)
                  </label>
                </div>
                {guest.foreign && (
                  <>
                    <SelectField
                      name={field(index, 'nationality')}
                      label="Nationality"
                      placeholder="Choose a country"
                      options={nationalityOptions()}
                      value={guest.nationality}
                      error={errors[`guests.${index}.formC.nationality`]}
                      onValueChange={(_name, value) => change(index, { nationality: value })}
                    />
                    {formCText(index, 'passportNumber', 'Passport number')}
                    {formCText(index, 'visaNumber', 'Visa number', {
                      hint: 'On the visa or e-Visa (ETA); for an OCI card, its number.',
                    })}
                    <SelectField
                      name={field(index, 'visaType')}
                      label="Type of visa"
                      placeholder="Choose a type"
                      options={visaOptions}
                      value={guest.visaType}
                      error={errors[`guests.${index}.formC.visaType`]}
                      onValueChange={(_name, value) => change(index, { visaType: value })}
                    />
                    {formCText(index, 'arrivedInIndia', 'Date of arrival in India', { type: 'date' })}
                    {formCText(index, 'arrivingFrom', 'Arriving from (city and country)')}
                    {formCText(index, 'goingNext', 'Going next (city and country)')}
                  </>
                )}
                {guests.length > 1 && (
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setGuests((all) => all.filter((_guest, at) => at !== index))}
                  >
                    Remove guest {index + 1}
                  </button>
                )}
              </fieldset>
            ))}
            <p className="actions">
              {guests.length < guestListMaxGuests && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setGuests((all) => [...all, { ...emptyGuest }])}
                >
                  Add a guest
                </button>
              )}
              <button className="button button--primary" type="submit" disabled={sending} aria-busy={sending}>
                {sending ? 'Saving…' : 'Save the guest list'}
              </button>
            </p>
          </form>
        )}
        <p aria-live="polite">{done}</p>
        {problem && (
          <p className="form__message" role="alert">
            {problem}
          </p>
        )}
      </section>
    </div>
  );
}
