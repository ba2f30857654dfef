import { useEffect, useState } from 'react';
import { getDictCache } from '@/lib/dict-cache';
import { fetchDictOptions, toDictOption, type DictOption } from './dict-api';

// Several widgets on one page often ask for the same dictionary at once: one request serves them all.
const inflight = new Map<string, Promise<DictOption[]>>();

/** Options of a dictionary: the 7-day local cache first, then the server (table dictionaries via loadDict). */
export function loadDictOptions(dict: string): Promise<DictOption[]> {
  const cached = getDictCache()[dict];
  if (cached) return Promise.resolve(cached.map(toDictOption));
  let pending = inflight.get(dict);
  if (!pending) {
    pending = fetchDictOptions(dict).finally(() => inflight.delete(dict));
    inflight.set(dict, pending);
  }
  return pending;
}

export interface DictOptionsState {
  options: DictOption[];
  loading: boolean;
}

/**
 * Options of a dictionary for a widget. A load failure is logged to the console only (app-spec §8):
 * the widget stays usable with no options.
 */
export function useDictOptions(dict: string | null | undefined): DictOptionsState {
  const [state, setState] = useState<{ dict: string; options: DictOption[]; loading: boolean }>({
    dict: '',
    options: [],
    loading: false,
  });
  useEffect(() => {
    if (!dict) return;
    let active = true;
    setState({ dict, options: [], loading: true });
    loadDictOptions(dict)
      .then((options) => {
        if (active) setState({ dict, options, loading: false });
      })
      .catch((error: unknown) => {
        console.error(`字典 ${dict} 加载失败`, error);
        if (active) setState({ dict, options: [], loading: false });
      });
    return () => {
      active = false;
    };
  }, [dict]);
  // Options of a previous code never show under a new one.
  if (!dict || state.dict !== dict) return { options: [], loading: Boolean(dict) };
  return { options: state.options, loading: state.loading };
}
