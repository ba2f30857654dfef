import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { feedback } from '@/lib/feedback';
import {
  DICT_MSG,
  DICT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RELOAD_EFFECT_MS,
  fetchDictLabels,
  lookupErrorMessage,
  searchDictOptions,
  type DictOption,
} from './dict-api';
import { DictCodeError } from './dict-code-error';
import { useDictOptions } from './use-dict-options';

export interface DictSearchSelectProps {
  /** A sys_dict code or a registered table dictionary `table,text,code`. */
  dict: string | null | undefined;
  /** Search on the server as the user types (default); false loads every option once and filters locally. */
  async?: boolean;
  /** Wait after the last keystroke: 300 ms by default, SEARCH_DEBOUNCE_SLOW_MS (800) in the slower reading. */
  debounceMs?: number;
  /** Options asked for per search (default 10). */
  pageSize?: number;
  value?: string | number | null;
  onChange?: (value: string | undefined, option?: DictOption) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/** Keeps the select busy for a moment after its dictionary changes, so the user sees the list reload. */
function useReloadEffect(dict: string | null | undefined): boolean {
  const previous = useRef(dict);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (previous.current === dict) return;
    previous.current = dict;
    setReloading(true);
    const timer = window.setTimeout(() => setReloading(false), SEARCH_RELOAD_EFFECT_MS);
    return () => window.clearTimeout(timer);
  }, [dict]);
  return reloading;
}

/** The label of the current value when it is not among the loaded options (loadDictItem). */
function useBackfill(dict: string, value: string | undefined, known: DictOption[], enabled: boolean) {
  const [labels, setLabels] = useState<Record<string, string>>({});
  const needed = enabled && value !== undefined && value !== '' && !known.some((o) => o.value === value);
  const cacheKey = `${dict}|${value ?? ''}`;
  const missing = needed && !(cacheKey in labels);
  useEffect(() => {
    if (!missing || value === undefined) return;
    let active = true;
    fetchDictLabels(dict, [value])
      .then(([label]) => active && setLabels((l) => ({ ...l, [cacheKey]: label ?? value })))
      .catch((error: unknown) => console.error(`字典 ${dict} 加载失败`, error));
    return () => {
      active = false;
    };
  }, [dict, value, cacheKey, missing]);
  const remember = (option: DictOption) => setLabels((l) => ({ ...l, [`${dict}|${option.value}`]: option.text }));
  return { label: needed ? labels[cacheKey] : undefined, remember };
}

/** A select that searches a (possibly large) dictionary on the server as the user types. */
export function DictSearchSelect(props: DictSearchSelectProps) {
  if (!props.dict) return <DictCodeError />;
  return props.async === false ? (
    <LocalSearchSelect {...props} dict={props.dict} />
  ) : (
    <AsyncSearchSelect {...props} dict={props.dict} />
  );
}

type ResolvedProps = DictSearchSelectProps & { dict: string };

const asString = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? undefined : String(v);

function AsyncSearchSelect({
  dict,
  debounceMs = SEARCH_DEBOUNCE_MS,
  pageSize = DICT_PAGE_SIZE,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  id,
  style,
  className,
}: ResolvedProps) {
  const [results, setResults] = useState<{ dict: string; options: DictOption[] }>({ dict, options: [] });
  const [searched, setSearched] = useState(false);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // Answers to older keystrokes are ignored: only the latest search may fill the list.
  const latest = useRef(0);
  const reloading = useReloadEffect(dict);
  const options = results.dict === dict ? results.options : [];
  const current = asString(value);
  const { label: backfill, remember } = useBackfill(dict, current, options, true);

  useEffect(() => {
    latest.current += 1;
    setSearched(false);
    setLoading(false);
    return () => window.clearTimeout(timer.current);
  }, [dict]);

  const search = (keyword: string) => {
    window.clearTimeout(timer.current);
    const ticket = ++latest.current;
    if (keyword.trim() === '') {
      setResults({ dict, options: [] });
      setSearched(false);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = window.setTimeout(() => {
      searchDictOptions(dict, keyword, pageSize)
        .then((found) => {
          if (ticket !== latest.current) return;
          setResults({ dict, options: found });
          setSearched(true);
        })
        .catch((error: unknown) => {
          if (ticket !== latest.current) return;
          // Dictionary search failure: the server's message as a warning (app-spec §8).
          feedback.message.warning(lookupErrorMessage(error));
          setResults({ dict, options: [] });
          setSearched(true);
        })
        .finally(() => {
          if (ticket === latest.current) setLoading(false);
        });
    }, debounceMs);
  };

  const items = options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }));
  if (current !== undefined && !options.some((o) => o.value === current)) {
    items.unshift({ value: current, label: backfill ?? current, disabled: undefined });
  }

  return (
    <Select<string>
      id={id}
      value={current}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={loading || reloading}
      style={{ minWidth: 160, ...style }}
      className={className}
      showSearch={{ filterOption: false, onSearch: search }}
      options={items}
      notFoundContent={loading ? <Spin size="small" /> : searched ? DICT_MSG.searchEmpty : DICT_MSG.searchHint}
      onChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) remember(option);
        onChange?.(next ?? undefined, option);
      }}
    />
  );
}

function LocalSearchSelect({
  dict,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  id,
  style,
  className,
}: ResolvedProps) {
  const { options, loading } = useDictOptions(dict);
  const reloading = useReloadEffect(dict);
  const current = asString(value);
  return (
    <Select<string>
      id={id}
      value={current}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={loading || reloading}
      style={{ minWidth: 160, ...style }}
      className={className}
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      notFoundContent={DICT_MSG.searchEmpty}
      onChange={(next) =>
        onChange?.(
          next ?? undefined,
          options.find((o) => o.value === next),
        )
      }
    />
  );
}
