/**
 * What a person typed into a server-rendered form before its island hydrated, by field name.
 *
 * The island's first render replaces each input's value with its state, so anything typed while the
 * script was still on its way would be wiped. Read during that first render (a state initializer),
 * the form is still the server's markup with the person's typing in it; `useId` gives the form the
 * same id on the server and in the browser, which is how it is found. Only fields whose value differs
 * from the one the server rendered count as typed: a value the island sets itself (from the URL, say)
 * must not be overwritten by the server's empty default.
 *
 * Read again once the island has mounted, it finds what was typed while React hydrated: a keystroke
 * between the first render and React taking over the field is in the page but in no state (React then
 * sets each field's `defaultValue` to its state, so the same comparison finds it), and the next render
 * would wipe it. Under load that window is long enough to lose an autofilled name.
 */
export function readTypedBeforeHydration(formId: string, names: readonly string[]): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const typed: Record<string, string> = {};
  for (const name of names) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) typed[name] = field.value;
    } else if (field instanceof HTMLSelectElement) {
      const rendered = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
      if (field.value !== (rendered?.value ?? '')) typed[name] = field.value;
    }
  }
  return typed;
}

/**
 * Whether a checkbox was ticked or cleared before its island hydrated: its state in the page, or
 * `rendered` (what the server drew) when nobody changed it. Read during the first render, as above.
 */
export function readCheckedBeforeHydration(id: string, rendered: boolean): boolean {
  if (typeof document === 'undefined') return rendered;
  const box = document.getElementById(id);
  return box instanceof HTMLInputElement && box.checked !== box.defaultChecked ? box.checked : rendered;
}
