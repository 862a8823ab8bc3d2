/**
 * The comments a page puts around a form island, so that a failed no-JavaScript post can be answered
 * with the same page and the form replaced. Pages (FormSlot.astro) and the server both build them here.
 */
export function formSlotMarkers(name: string): { start: string; end: string } {
  return { start: `<!--form:${name}-->`, end: `<!--/form:${name}-->` };
}
