import content from '../../../content/concierge.json' with { type: 'json' };
import { type ConciergeService, conciergeSchema } from '../../../lib/concierge-services.ts';

/**
 * The concierge's services as the functions sell them: src/content/concierge.json, the file /cms edits
 * and the home page lists, checked by the same schema the build checks it with, in its order.
 */
export function readServiceMenu(): ConciergeService[] {
  return content.services
    .map((entry) => ({ ...conciergeSchema.parse(entry), id: entry.id }))
    .sort((a, b) => a.order - b.order);
}

/** The services offered at `property`, in the menu's order. */
export const listServicesAt = (property: string) =>
  readServiceMenu().filter((service) => service.homes.includes(property));

export const findService = (id: string) => readServiceMenu().find((service) => service.id === id);
