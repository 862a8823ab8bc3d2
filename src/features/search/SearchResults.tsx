import { addDays, formatStayDate } from '../../lib/dates.ts';
import { describeHowItBooks } from '../../lib/how-it-books.ts';
import { formatPence } from '../../lib/money.ts';
import { paths, withStay } from '../../lib/paths.ts';
import {
  describeNights,
  describeRoom,
  describeStayPrice,
  describeUnavailable,
  type FreeResult,
  type SearchAnswer,
  type SearchPicture,
  type UnavailableResult,
} from './search-contract.ts';

/**
 * The answer to a search as a page shows it: the villas and apartments free for the stay, each with
 * its price and a link to its page that carries the stay, then the rest with the reason and, when only
 * booked, the date they are free again. The search function renders it on the server.
 */
export default function SearchResults({ answer }: { answer: SearchAnswer }) {
  const { stay, free, unavailable } = answer;
  const when = `${formatStayDate(stay.arrival)} to ${formatStayDate(stay.departure)}`;
  const party = `${stay.guests} ${stay.guests === 1 ? 'guest' : 'guests'}${stay.instant ? ', instant book only' : ''}`;
  return (
    <div className="search-results">
      <section aria-labelledby="search-free-title">
        <h2 id="search-free-title" className="search-results__title">
          {free.length === 0
            ? 'Nothing is free for those dates'
            : `${free.length} free for ${describeNights(stay.nights)}`}
        </h2>
        <p className="search-results__stay">
          {when}, {party}.{free.length === 0 && ' Try other dates, or see below when each one is free again.'}
        </p>
        {stay.home && (
          <p className="search-results__stay">
            <a href={withStay(paths.search, stay)}>See every home free for these dates</a>
          </p>
        )}
        {free.length > 0 && (
          <ul className="search-results__list">
            {free.map((result) => (
              <li key={result.slug}>
                <FreeCard result={result} stay={stay} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {unavailable.length > 0 && (
        <section aria-labelledby="search-unavailable-title">
          <h2 id="search-unavailable-title" className="search-results__title">
            Not free for this stay
          </h2>
          <ul className="search-results__list search-results__list--quiet">
            {unavailable.map((result) => (
              <li key={result.slug}>
                <UnavailableCard result={result} stay={stay} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function FreeCard({ result, stay }: { result: FreeResult; stay: SearchAnswer['stay'] }) {
  const headingId = `result-${result.slug}`;
  const { quote } = result;
  const howItBooks = describeHowItBooks(result.instantBook, quote.balanceDueDate === null);
  return (
    <article className="result" aria-labelledby={headingId}>
      <Picture picture={result.picture} />
      <div className="result__body">
        {howItBooks.mark && <p className="instant-mark">{howItBooks.mark}</p>}
        <h3 className="result__name" id={headingId}>
          {result.name}
        </h3>
        <p className="result__facts">{describeRoom(result)}</p>
        <p className="result__price">
          <strong>{describeStayPrice(result)}</strong>
        </p>
        <p className="result__terms">
          {quote.discountPence > 0 && <>Includes the two-guest discount. </>}
          {quote.balancePence > 0
            ? `Deposit ${formatPence(quote.depositPence)} to confirm, the rest by ${formatStayDate(quote.balanceDueDate ?? stay.arrival)}.`
            : `All ${formatPence(quote.depositPence)} due on confirmation.`}{' '}
          {howItBooks.promise}
        </p>
        <a className="result__link" href={withStay(result.path, stay)}>
          See {result.name} for these dates
        </a>
      </div>
    </article>
  );
}

function UnavailableCard({ result, stay }: { result: UnavailableResult; stay: SearchAnswer['stay'] }) {
  const headingId = `result-${result.slug}`;
  const later =
    result.status === 'booked' && result.freeFrom
      ? withStay(result.path, {
          arrival: result.freeFrom,
          departure: addDays(result.freeFrom, stay.nights),
          guests: stay.guests,
        })
      : result.path;
  return (
    <article className="result result--unavailable" aria-labelledby={headingId}>
      <Picture picture={result.picture} />
      <div className="result__body">
        {result.instantBook && <p className="instant-mark">{describeHowItBooks(true).mark}</p>}
        <h3 className="result__name" id={headingId}>
          {result.name}
        </h3>
        <p className="result__facts">{describeRoom(result)}</p>
        <p className="result__reason">{describeUnavailable(result, stay.nights)}</p>
        <a className="result__link" href={later}>
          {result.status === 'booked' && result.freeFrom
            ? `See ${result.name} from ${formatStayDate(result.freeFrom)}`
            : `See ${result.name}`}
        </a>
      </div>
    </article>
  );
}

function Picture({ picture }: { picture: SearchPicture | null }) {
  if (!picture) return <div className="result__media" />;
  return (
    <div className="result__media">
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={picture.srcSet ? '(min-width: 720px) 16rem, 92vw' : undefined}
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}
