/**
 * localStorage / sessionStorage with an optional lifetime per key. Values are stored as
 * `{ value, expire }` so a key written with a lifetime silently disappears once it has passed.
 */
interface Envelope<T> {
  value: T;
  /** Epoch milliseconds after which the value is gone; null means it never expires. */
  expire: number | null;
}

export interface ExpiringStorage {
  get<T>(key: string): T | null;
  get<T>(key: string, fallback: T): T;
  set<T>(key: string, value: T, ttlMs?: number): void;
  remove(key: string): void;
  clear(): void;
}

function isEnvelope(data: unknown): data is Envelope<unknown> {
  return typeof data === 'object' && data !== null && 'value' in data && 'expire' in data;
}

export function createExpiringStorage(backend: () => Storage | undefined): ExpiringStorage {
  function get<T>(key: string, fallback: T | null = null): T | null {
    const area = backend();
    const raw = area?.getItem(key);
    if (raw === null || raw === undefined) return fallback;
    try {
      const data: unknown = JSON.parse(raw);
      if (!isEnvelope(data)) return fallback;
      if (data.expire !== null && data.expire <= Date.now()) {
        area?.removeItem(key);
        return fallback;
      }
      return data.value as T;
    } catch {
      // A value written by something else is not ours to interpret.
      return fallback;
    }
  }
  return {
    get: get as ExpiringStorage['get'],
    set(key, value, ttlMs) {
      const envelope: Envelope<unknown> = { value, expire: ttlMs ? Date.now() + ttlMs : null };
      backend()?.setItem(key, JSON.stringify(envelope));
    },
    remove(key) {
      backend()?.removeItem(key);
    },
    clear() {
      backend()?.clear();
    },
  };
}

const safe = (pick: () => Storage) => () => {
  try {
    return pick();
  } catch {
    return undefined;
  }
};

/** Long-lived browser storage: session data (7 days), dictionary cache, appearance settings. */
export const localStore = createExpiringStorage(safe(() => window.localStorage));
/** Per-tab storage: button permissions live only as long as the browser tab. */
export const sessionStore = createExpiringStorage(safe(() => window.sessionStorage));
