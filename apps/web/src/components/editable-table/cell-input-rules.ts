/** Typing rules of widgets-spec §5 for number and tags cells, as pure functions the editors call. */

/** What a number input may hold while typing: an optional minus, digits, an optional decimal part. */
const NUMBER_TYPING = /^-?\d*(\.\d*)?$/;
const NUMBER_FINAL = /^-?\d+(\.\d*)?$/;

/** The text to keep after an input event: the new text when it is acceptable, else the previous one. */
export function acceptNumberInput(next: string, previous: string): string {
  return NUMBER_TYPING.test(next) ? next : previous;
}

/** On blur a number cell holds a number, or nothing when the text is not one. */
export function numberOnBlur(text: unknown): number | '' {
  const value = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  if (!NUMBER_FINAL.test(value)) return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : '';
}

/** Tags cell: typed semicolons are dropped and one is put after every two characters. */
export function formatTags(text: string): string {
  const chars = [...text.replace(/[;；]/g, '')];
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 2) groups.push(chars.slice(i, i + 2).join(''));
  return groups.join(';');
}
