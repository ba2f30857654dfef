import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';

/** How often the monitoring pages ask again. */
export const MONITOR_REFRESH_MS = 3000;
/** How many samples the moving charts keep. */
const KEEP = 40;

/**
 * Polls a monitoring figure every few seconds and keeps the last samples for the moving charts
 * (time label + the picked numbers).
 */
export function useSamples<T>(key: string, fetcher: () => Promise<T>, pick?: (value: T) => Record<string, number>) {
  const query = useQuery({ queryKey: ['ops', 'monitor', key], queryFn: fetcher, refetchInterval: MONITOR_REFRESH_MS });
  const [samples, setSamples] = useState<{ time: string; values: Record<string, number> }[]>([]);
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const { data, dataUpdatedAt } = query;

  useEffect(() => {
    if (data === undefined || !pickRef.current) return;
    const values = pickRef.current(data);
    const time = new Date(dataUpdatedAt).toTimeString().slice(0, 8);
    setSamples((prev) => [...prev.slice(-(KEEP - 1)), { time, values }]);
  }, [data, dataUpdatedAt]);

  return { ...query, samples };
}

/** The series of one picked number across samples. */
export function seriesOf(samples: { values: Record<string, number> }[], name: string): number[] {
  return samples.map((s) => s.values[name] ?? 0);
}
