/**
 * What someone typed into a prerendered form before React took it over (login.html, issue 27). The inputs of
 * the build's markup are live from the first paint; React keeps a hydrated input's DOM value but not its own
 * state, so the page reads the typed text once it owns the inputs. When the markup is not hydrated (another
 * theme colour) it is replaced, and the text is stashed here first.
 */
const stash = new Map<string, string>();

/** Keeps the non-empty inputs of `container`, by their aria-label, for the page that renders next. */
export function stashTypedValues(container: ParentNode) {
  container.querySelectorAll<HTMLInputElement>('input[aria-label]').forEach((input) => {
    if (input.value) stash.set(input.getAttribute('aria-label')!, input.value);
  });
}

/** The text typed into the field labelled `label`: the hydrated input's own value, else the stashed one. Once. */
export function takeTypedValue(label: string, input: HTMLInputElement | null | undefined): string {
  const value = input?.value || stash.get(label) || '';
  stash.delete(label);
  return value;
}
