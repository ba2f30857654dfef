/** A short client description from a User-Agent ("Chrome 120 · Windows"), or the raw text cut short. */
export function clientName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    /Edg\/(\d+)/.exec(userAgent)?.[1] !== undefined
      ? `Edge ${/Edg\/(\d+)/.exec(userAgent)![1]}`
      : /(?:Chrome|Chromium)\/(\d+)/.exec(userAgent)
        ? `Chrome ${/(?:Chrome|Chromium)\/(\d+)/.exec(userAgent)![1]}`
        : /Firefox\/(\d+)/.exec(userAgent)
          ? `Firefox ${/Firefox\/(\d+)/.exec(userAgent)![1]}`
          : /Version\/(\d+).*Safari/.exec(userAgent)
            ? `Safari ${/Version\/(\d+).*Safari/.exec(userAgent)![1]}`
            : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser && !system) return userAgent.slice(0, 60);
  return [browser, system].filter(Boolean).join(' · ');
}
