/**
 * For tests only: makes `window.matchMedia` answer width queries as a screen `width` px wide would (antd's
 * breakpoints ask `(max-width: 575px)`, `(min-width: 768px)`…), other queries with false. Answers the restore.
 */
export function screenWidth(width: number): () => void {
  const original = window.matchMedia;
  const matches = (query: string) => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    return (
      conditions.length > 0 &&
      conditions.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)))
    );
  };
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  return () => {
    window.matchMedia = original;
  };
}

/** A 390 px phone (iPhone 12–15). */
export const PHONE_WIDTH = 390;
