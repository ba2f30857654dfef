import areaData from 'china-area-data/data.json';

/** Region data (widgets-spec §3): province → city → area codes under the root code 86. */
export const AREA_ROOT_CODE = '86';

type AreaMap = Record<string, Record<string, string> | undefined>;
const DATA = areaData as unknown as AreaMap;

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** Codes and names of the children of a code (the root code gives the provinces). */
export function getAreaChildren(code: string): { value: string; label: string }[] {
  const children = DATA[code];
  return children ? Object.entries(children).map(([value, label]) => ({ value, label })) : [];
}

let options: AreaOption[] | null = null;
/** The whole three-level tree for a cascader, built once. */
export function getAreaOptions(): AreaOption[] {
  const build = (code: string, depth: number): AreaOption[] =>
    getAreaChildren(code).map(({ value, label }) => {
      const children = depth < 3 && DATA[value] ? build(value, depth + 1) : [];
      return children.length ? { value, label, children } : { value, label };
    });
  options ??= build(AREA_ROOT_CODE, 1);
  return options;
}

let parents: Map<string, { parent: string; name: string }> | null = null;
function parentIndex() {
  if (!parents) {
    parents = new Map();
    for (const [parent, children] of Object.entries(DATA)) {
      for (const [code, name] of Object.entries(children ?? {})) parents.set(code, { parent, name });
    }
  }
  return parents;
}

/** The codes from the province down to the given code; empty for an unknown code. */
export function getAreaPath(code: string | null | undefined): string[] {
  if (!code) return [];
  const index = parentIndex();
  const path: string[] = [];
  let current: string | undefined = String(code);
  while (current && current !== AREA_ROOT_CODE) {
    const entry = index.get(current);
    if (!entry || path.length > 3) return [];
    path.unshift(current);
    current = entry.parent;
  }
  return path;
}

/** The names along a code's path, e.g. 北京市/市辖区/东城区; empty for an unknown code. */
export function getAreaText(code: string | null | undefined, separator = '/'): string {
  const index = parentIndex();
  return getAreaPath(code)
    .map((c) => index.get(c)?.name ?? '')
    .join(separator);
}
