import { type SubmitEvent, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountGuestListRoute } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { madeOnFirstUse } from '../../lib/made-on-first-use.ts';
import { requestJson } from '../api/client.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import {
  formCPurposes,
  formCSexes,
  guestListMaxGuests,
  guestListRetentionDays,
  indianNationality,
  listNationalityChoices,
  type MaskedGuest,
  nameNationality,
  type OwnGuestListAnswer,
  ownGuestListAnswerSchema,
  visaTypes,
} from '../booking/guest-list-contract.ts';

// Named and sorted when a guest's fields first show, not as the account page loads.
const nationalityChoices = madeOnFirstUse(listNationalityChoices);

/** The Form C fields a guest types as text or picks, every one kept as typed. */
const formCDraftFields = [
  'sex',
  'dateOfBirth',
  'addressAbroad',
  'passportNumber',
  'passportPlaceOfIssue',
  'passportIssuedOn',
  'passportExpiresOn',
  'visaNumber',
  'visaType',
  'visaPlaceOfIssue',
  'visaIssuedOn',
  'visaValidUntil',
  'arrivedInIndia',
  'arrivingFrom',
  'goingNext',
  'employedInIndia',
  'purpose',
  'phoneInIndia',
  'phoneAtHome',
] as const;
type FormCField = (typeof formCDraftFields)[number];

/**
 * One guest as the form holds them: every field as typed. A guest saved before carries its id and the
 * endings of its passport and visa numbers, kept unless the guest chooses to replace them.
 */
type GuestDraft = {
  id: string | undefined;
  name: string;
  childAge: string;
  /** A nationality code; India's asks nothing more, '' is not chosen yet. */
  nationality: string;
  passportEnding: string | undefined;
  visaEnding: string | undefined;
  replacePassport: boolean;
  replaceVisa: boolean;
} & Record<FormCField, string>;

const emptyGuest: GuestDraft = {
  id: undefined,
  name: '',
  childAge: '',
  nationality: '',
  passportEnding: undefined,
  visaEnding: undefined,
  replacePassport: false,
  replaceVisa: false,
  ...(Object.fromEntries(formCDraftFields.map((key) => [key, ''])) as Record<FormCField, string>),
};

/** A saved guest as the form starts from: every field given, the two numbers as "keep". */
function toDraft(guest: MaskedGuest): GuestDraft {
  const formC = guest.formC;
  const draft: GuestDraft = {
    ...emptyGuest,
    id: guest.id,
    name: guest.name,
    childAge: guest.childAge === null ? '' : String(guest.childAge),
    nationality: formC ? formC.nationality : indianNationality,
  };
  if (!formC) return draft;
  for (const key of formCDraftFields) {
    const value = (formC as Partial<Record<FormCField, unknown>>)[key];
    if (typeof value === 'string') draft[key] = value;
  }
  draft.employedInIndia = formC.employedInIndia === undefined ? '' : formC.employedInIndia ? 'yes' : 'no';
  draft.passportEnding = formC.passportEnding;
  draft.visaEnding = formC.visaEnding;
  return draft;
}

const isForeign = (guest: GuestDraft) => guest.nationality !== '' && guest.nationality !== indianNationality;

/** The body of the PUT: an age typed as digits becomes a number; anything else goes as typed, to be refused. */
function toBody(arrivalTime: string, guests: GuestDraft[]) {
  return {
    arrivalTime,
    guests: guests.map((guest) => ({
      id: guest.id,
      name: guest.name,
      childAge:
        guest.childAge.trim() === ''
          ? null
          : /^\d+$/.test(guest.childAge.trim())
            ? Number(guest.childAge)
            : guest.childAge,
      // No nationality chosen: sent as a foreign guest's, so the nationality itself is what is refused.
      formC:
        guest.nationality === indianNationality
          ? null
          : {
              ...Object.fromEntries(formCDraftFields.map((key) => [key, guest[key]])),
              nationality: guest.nationality,
              employedInIndia: guest.employedInIndia === '' ? undefined : guest.employedInIndia === 'yes',
              passportNumber:
                guest.passportEnding && !guest.replacePassport ? { keep: true } : guest.passportNumber,
              visaNumber: guest.visaEnding && !guest.replaceVisa ? { keep: true } : guest.visaNumber,
            },
    })),
  };
}

const visaOptions = Object.entries(visaTypes).map(([value, label]) => ({ value, label }));
const sexOptions = Object.entries(formCSexes).map(([value, label]) => ({ value, label }));
const purposeOptions = Object.entries(formCPurposes).map(([value, label]) => ({ value, label }));
const yesNo = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

/** "Jane Smith, 7 years old, British passport ending 123": a saved guest as the guest reads them back. */
function describeSavedGuest(guest: MaskedGuest): string {
  const age = guest.childAge === null ? '' : `, ${guest.childAge} years old`;
  const formC = guest.formC
    ? `; ${nameNationality(guest.formC.nationality)} passport ending ${guest.formC.passportEnding}, ${guest.formC.visaType ? visaTypes[guest.formC.visaType] : 'visa'} ending ${guest.formC.visaEnding}${guest.formC.arrivedInIndia ? `, in India from ${formatStayDate(guest.formC.arrivedInIndia)}` : ''}`
    : '; Indian citizen';
  return `${guest.name}${age}${formC}`;
}

/**
 * "Who is coming" on a confirmed booking's card: every guest's name (and a child's age), the arrival
 * time, and for each foreign national the details the office must file on Form C within 24 hours of
 * arrival. What was saved is read back with each passport number cut to its last three characters;
 * reopening starts from every field saved, and saving again keeps each number unless the guest replaces it.
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
      setGuests(list.guests.map(toDraft));
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
    // The saved guests' ids and number endings, so saving again keeps what it kept.
    if (answer.data.list) setGuests(answer.data.list.guests.map(toDraft));
    setDone('Guest list saved.');
  }

  const formCText = (
    index: number,
    name: FormCField,
    label: string,
    extra: { type?: string; hint?: string; multiline?: boolean; inputMode?: 'tel' } = {},
  ) => (
    <TextField
      name={field(index, name)}
      label={label}
      type={extra.type}
      hint={extra.hint}
      multiline={extra.multiline}
      inputMode={extra.inputMode}
      value={guests[index]?.[name] ?? ''}
      error={errors[`guests.${index}.formC.${name}`]}
      onValueChange={(_name, value) => change(index, { [name]: value })}
    />
  );

  const formCChoice = (index: number, name: FormCField, label: string, options: typeof yesNo) => (
    <SelectField
      name={field(index, name)}
      label={label}
      placeholder="Choose"
      options={options}
      value={guests[index]?.[name] ?? ''}
      error={errors[`guests.${index}.formC.${name}`]}
      onValueChange={(_name, value) => change(index, { [name]: value })}
    />
  );

  /** A number saved before: kept (shown by its ending) unless the guest chooses to replace it. */
  const keptNumber = (index: number, which: 'passport' | 'visa', label: string, hint?: string) => {
    const guest = guests[index];
    if (!guest) return null;
    const name = which === 'passport' ? 'passportNumber' : 'visaNumber';
    const ending = which === 'passport' ? guest.passportEnding : guest.visaEnding;
    const replacing = which === 'passport' ? guest.replacePassport : guest.replaceVisa;
    const flag = which === 'passport' ? 'replacePassport' : 'replaceVisa';
    const error = errors[`guests.${index}.formC.${name}`];
    if (!ending) return formCText(index, name, label, { hint });
    return (
      <fieldset className="guest-list__kept">
        <legend>{label}</legend>
        <label>
          <input
            type="radio"
            name={field(index, `${which}-keep`)}
            checked={!replacing}
            onChange={() => change(index, { [flag]: false })}
          />{' '}
          Keep the one ending {ending}
        </label>
        <label>
          <input
            type="radio"
            name={field(index, `${which}-keep`)}
            checked={replacing}
            onChange={() => change(index, { [flag]: true })}
          />{' '}
          Replace it
        </label>
        {replacing
          ? formCText(index, name, `New ${label.toLowerCase()}`, { hint })
          : error && <p className="field__error">{error}</p>}
      </fieldset>
    );
  };

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
          hours of arrival, so for them we need what that form asks: their passport, visa, home address and
          the purpose of the visit. Only our office can read these details, and we delete them{' '}
          {guestListRetentionDays} days after you leave.
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
                <SelectField
                  name={field(index, 'nationality')}
                  label="Nationality"
                  hint="For a guest who is not an Indian citizen we need their passport and visa for Form C."
                  placeholder="Choose a nationality"
                  options={[]}
                  groups={nationalityChoices()}
                  value={guest.nationality}
                  error={errors[`guests.${index}.formC.nationality`]}
                  onValueChange={(_name, value) => change(index, { nationality: value })}
                />
                {isForeign(guest) && (
                  <>
                    {formCChoice(index, 'sex', 'Sex, as on the passport', sexOptions)}
                    {formCText(index, 'dateOfBirth', 'Date of birth', { type: 'date' })}
                    {formCText(index, 'addressAbroad', 'Home address outside India', {
                      multiline: true,
                      hint: 'Street, town, postcode and country.',
                    })}
                    {keptNumber(index, 'passport', 'Passport number')}
                    {formCText(index, 'passportPlaceOfIssue', 'Passport place of issue', {
                      hint: 'City and country, as printed on the passport.',
                    })}
                    {formCText(index, 'passportIssuedOn', 'Passport date of issue', { type: 'date' })}
                    {formCText(index, 'passportExpiresOn', 'Passport date of expiry', { type: 'date' })}
                    {keptNumber(
                      index,
                      'visa',
                      'Visa number',
                      'On the visa or e-Visa (ETA); for an OCI card, its number.',
                    )}
                    <SelectField
                      name={field(index, 'visaType')}
                      label="Type of visa"
                      placeholder="Choose a type"
                      options={visaOptions}
                      value={guest.visaType}
                      error={errors[`guests.${index}.formC.visaType`]}
                      onValueChange={(_name, value) => change(index, { visaType: value })}
                    />
                    {formCText(index, 'visaPlaceOfIssue', 'Visa place of issue', {
                      hint: 'City and country of the issuing office, or “e-Visa”.',
                    })}
                    {formCText(index, 'visaIssuedOn', 'Visa date of issue', { type: 'date' })}
                    {formCText(index, 'visaValidUntil', 'Visa valid until', { type: 'date' })}
                    {formCText(index, 'arrivedInIndia', 'Date of arrival in India', { type: 'date' })}
                    {formCText(index, 'arrivingFrom', 'Arriving from (city and country)')}
                    {formCText(index, 'goingNext', 'Going next (city and country)')}
                    {formCChoice(index, 'purpose', 'Purpose of the visit', purposeOptions)}
                    {formCChoice(index, 'employedInIndia', 'Employed in India?', yesNo)}
                    {formCText(index, 'phoneInIndia', 'Phone number in India', {
                      inputMode: 'tel',
                      hint: 'Where we can reach them during the stay; with +91.',
                    })}
                    {formCText(index, 'phoneAtHome', 'Phone number at home', {
                      inputMode: 'tel',
                      hint: 'With the country code, like +44 7700 900123.',
                    })}
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
