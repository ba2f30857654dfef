import { useEffect, useState } from 'react';
import { fetchDictLabels, isTableDict, splitValue } from './dict-api';
import { useDictOptions } from './use-dict-options';

export interface DictTextProps {
  dictCode: string;
  /** One value or several joined with the separator. */
  value: string | number | null | undefined;
  separator?: string;
}

function useTableLabels(dict: string, values: string[], enabled: boolean): string[] | null {
  const key = values.join(',');
  const [state, setState] = useState<{ key: string; labels: string[] } | null>(null);
  useEffect(() => {
    if (!enabled || key === '') return;
    let active = true;
    fetchDictLabels(dict, key.split(','))
      .then((labels) => active && setState({ key: `${dict}|${key}`, labels }))
      .catch((error: unknown) => console.error(`字典 ${dict} 加载失败`, error));
    return () => {
      active = false;
    };
  }, [dict, key, enabled]);
  return state && state.key === `${dict}|${key}` ? state.labels : null;
}

/** The label(s) of a stored value; the raw value stays visible until (or unless) a label is known. */
export function DictText({ dictCode, value, separator = ',' }: DictTextProps) {
  const values = splitValue(value === null || value === undefined ? '' : String(value), separator);
  const table = isTableDict(dictCode);
  const { options } = useDictOptions(table ? null : dictCode);
  const tableLabels = useTableLabels(dictCode, values, table);
  const labels = table ? (tableLabels ?? values) : values.map((v) => options.find((o) => o.value === v)?.text ?? v);
  return <span>{labels.join(separator)}</span>;
}
