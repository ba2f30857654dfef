import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { ASSET_RESOURCE, encodeFilter, resourceUrls, type PageResult } from '@district/shared';
import { getAction } from '@/lib/request';

const ASSET_LIST = resourceUrls(ASSET_RESOURCE.path).list;
const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 20;

interface AssetOption {
  value: string;
  label: string;
}

export interface AssetSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The current asset's name (the list answers it as assetId_dictText), so the id is never shown. */
  initialLabel?: string | null;
  id?: string;
}

/** Picks the asset a device belongs to by searching the asset names (and codes shown beside them). */
export function AssetSelect({ value, onChange, initialLabel, id }: AssetSelectProps) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<AssetOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    const timer = window.setTimeout(() => {
      setLoading(true);
      getAction<PageResult<{ id: string; code: string; name: string }>>(
        ASSET_LIST,
        { pageNo: 1, pageSize: PAGE_SIZE, ...(search.trim() ? { name: encodeFilter(search, 'like', true) } : {}) },
        { silent: true },
      )
        .then((res) => {
          if (!active) return;
          setFailed(!res.success);
          setOptions(
            (res.result?.records ?? []).map((a) => ({
              value: a.id,
              label: a.code ? `${a.name}（${a.code}）` : a.name,
            })),
          );
        })
        .catch(() => active && setFailed(true))
        .finally(() => active && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [search]);

  // The chosen asset stays labelled by its name while the search shows others.
  const shown = useMemo(() => {
    if (!value || options.some((o) => o.value === value)) return options;
    return [{ value, label: initialLabel ?? '已选资产' }, ...options];
  }, [options, value, initialLabel]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      placeholder="输入资产名称搜索"
      value={value ?? undefined}
      options={shown}
      loading={loading}
      notFoundContent={loading ? '加载中…' : failed ? '资产列表加载失败' : '没有匹配的资产'}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      onClear={() => setSearch('')}
    />
  );
}
