import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type FormCDayAnswer, formCColumns, formCDayAnswerSchema } from '../booking/guest-list-contract.ts';
import './form-c.scss';

const withDay = (route: string, day: string) => `${route}?${new URLSearchParams({ day })}`;

/**
 * The office's Form C page: for a chosen day (Kerala's today first), every foreign guest of the
 * confirmed stays arriving then, with what the FRRO portal asks, as a table to print and a CSV to
 * download. Each load and each download is recorded in the admin's name.
 */
export default function FormCDay() {
  const [day, setDay] = useState(todayInKerala());
  const [chosen, setChosen] = useState(day);
  const [answer, setAnswer] = useState<FormCDayAnswer | null>(null);
  const [problem, setProblem] = useState('');

  const leave = useCallback(() => window.location.replace(paths.adminLogin), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per chosen day
  useEffect(() => {
    let current = true;
    setProblem('');
    void requestJson(withDay(apiRoutes.adminFormC, chosen), formCDayAnswerSchema).then((read) => {
      if (!current) return;
      if (isSessionGone(read)) return leave();
      if (read.ok) setAnswer(read.data);
      else setProblem(read.fields.day ?? read.message);
    });
    return () => {
      current = false;
    };
  }, [chosen]);

  function show(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setChosen(day);
  }

  return (
    <div className="form-c">
      <form className="form-c__day" noValidate onSubmit={show}>
        <div className="field">
          <label className="field__label" htmlFor="form-c-day">
            Arrival day
          </label>
          <input
            className="field__control"
            id="form-c-day"
            type="date"
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
        </div>
        <button className="button button--ghost" type="submit">
          Show the day
        </button>
      </form>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {!answer ? (
        !problem && <p role="status">Loading the day’s arrivals…</p>
      ) : (
        <section aria-labelledby="form-c-title">
          <h2 id="form-c-title">Foreign guests arriving {formatStayDate(answer.day)}</h2>
          {answer.rows.length === 0 ? (
            <p>No foreign guest of a confirmed stay arriving that day has given their details.</p>
          ) : (
            <>
              <p className="actions form-c__actions">
                <a
                  className="button button--primary"
                  href={withDay(apiRoutes.adminFormCCsv, answer.day)}
                  download
                >
                  Download the CSV
                </a>
                <button className="button button--ghost" type="button" onClick={() => window.print()}>
                  Print
                </button>
              </p>
              {/* A guest to a block, in the form's order, so the office types the portal's fields top to bottom. */}
              {answer.rows.map((row) => (
                <article
                  key={`${row.reference}-${row.passportNumber}`}
                  className="form-c__guest"
                  aria-label={`${row.name}, ${row.reference}`}
                >
                  <h3>
                    {row.name} <span className="form-c__booking">({row.reference})</span>
                  </h3>
                  <dl>
                    {formCColumns.map(([key, heading]) => (
                      <div key={key}>
                        <dt>{heading}</dt>
                        <dd>{row[key] || <em>not given yet: ask the guest</em>}</dd>
                      </div>
                    ))}
                  </dl>
                </article>
              ))}
            </>
          )}
        </section>
      )}
    </div>
  );
}
