import { useEffect, useState } from 'react';
import { fetchDictLabels } from '@/components/dict/dict-api';

/**
 * Names of the picked values: those the picker just returned are known; others (a value set from
 * outside, e.g. an edited record) are asked for once through loadDictItem.
 */
export function usePickedNames(dict: string, values: string[]) {
  const [known, setKnown] = useState<Record<string, string>>({});
  const missing = values.filter((v) => !(v in known));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    let active = true;
    const keys = missingKey.split(',');
    fetchDictLabels(dict, keys)
      .then(
        (labels) =>
          active && setKnown((k) => ({ ...k, ...Object.fromEntries(keys.map((v, i) => [v, labels[i] ?? v])) })),
      )
      .catch((error: unknown) => {
        console.error(`字典 ${dict} 加载失败`, error);
        if (active) setKnown((k) => ({ ...k, ...Object.fromEntries(keys.map((v) => [v, v])) }));
      });
    return () => {
      active = false;
    };
  }, [dict, missingKey]);
  const remember = (pairs: [string, string][]) => setKnown((k) => ({ ...k, ...Object.fromEntries(pairs) }));
  return { names: values.map((v) => known[v] ?? v), remember };
}
