import content from '../../content/concierge.json' with { type: 'json' };
import { accountServicesRoute } from '../../lib/api-contract.ts';
import { type ConciergeService, conciergeSchema } from '../../lib/concierge-services.ts';
import { madeOnFirstUse } from '../../lib/made-on-first-use.ts';
import { requestJson } from '../api/client.ts';
import { bookingServicesAnswerSchema } from './booking-service-contract.ts';
import { ServiceChoiceFields, type ServiceDraft, toServiceBody } from './ServiceChoiceFields.tsx';

/** The concierge's menu, checked as the build checks it, read when the booking form first needs it. */
const menu = madeOnFirstUse(() =>
  content.services
    .map((entry) => ({ ...conciergeSchema.parse(entry), id: entry.id }) as ConciergeService)
    .sort((a, b) => a.order - b.order),
);

type Props = {
  property: string;
  arrival: string;
  departure: string;
  guests: number;
  draft: ServiceDraft;
  onChange: (patch: Partial<ServiceDraft>) => void;
};

/**
 * An optional concierge service chosen with the booking request, after the quote: its own line apart
 * from the stay's price, which it never changes. It is added to the request once the request is stored
 * (`addServiceToRequest`), judged by the server's cut-offs like one added later on /account.
 */
export function ServiceExtras({ property, arrival, departure, guests, draft, onChange }: Props) {
  const offered = menu().filter((service) => service.homes.includes(property));
  if (offered.length === 0 || !arrival || !departure) return null;
  return (
    <fieldset className="booking__group booking__extras">
      <legend>Concierge services (optional)</legend>
      <p className="field__hint">
        Priced apart from the stay, whose price above does not change. You can add more, or cancel, on your
        account page.
      </p>
      <ServiceChoiceFields
        idPrefix="extra"
        offered={offered}
        stay={{ property, arrival, departure, guests: Number.isFinite(guests) && guests > 0 ? guests : 1 }}
        draft={draft}
        errors={{}}
        onChange={onChange}
      />
    </fieldset>
  );
}

/** Adds the service chosen with a request to the stored request; answers what happened, in words. */
export async function addServiceToRequest(bookingId: string, draft: ServiceDraft): Promise<string> {
  const sent = await requestJson(accountServicesRoute(bookingId), bookingServicesAnswerSchema, {
    method: 'POST',
    body: toServiceBody(draft),
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  const name = menu().find((service) => service.id === draft.service)?.name ?? 'The service';
  if (sent.ok) return `${name} is added to your request, priced apart from the stay.`;
  const reasons = Object.values(sent.fields);
  return `We could not add ${name}: ${reasons.length > 0 ? reasons.join(' ') : sent.message} Add it on your account page.`;
}
