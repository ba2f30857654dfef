import { ApiError } from './http.js';

/** Ids of a comma list (`a,b,c` as list screens send them): trimmed, empty ones dropped, each once. */
export function splitIds(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The same, refused (400 `tooMany`) past `max` ids. */
export function splitIdsAtMost(raw: string | null | undefined, max: number, tooMany: string): string[] {
  const ids = splitIds(raw);
  if (ids.length > max) throw new ApiError(400, tooMany);
  return ids;
}
