import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DATA_SOURCE_API, DATA_SOURCE_TYPE_LABELS, type DataSource, type PageResult } from '@district/shared';
import { getAction } from '@/lib/request';

/** The data source a report runs on (数据源管理); empty is the main database. */
export function DataSourceSelect({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const { data, isLoading } = useQuery({
    queryKey: ['online', 'data-sources'],
    queryFn: async () =>
      (await getAction<PageResult<DataSource>>(`${DATA_SOURCE_API.base}/list`, { pageSize: 100 }, { silent: true }))
        .result.records,
  });
  return (
    <Select
      allowClear
      loading={isLoading}
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      placeholder="主数据库"
      aria-label="数据源"
      options={(data ?? []).map((d) => ({
        value: d.code,
        label: `${d.name}（${d.code}，${DATA_SOURCE_TYPE_LABELS[d.dbType] ?? d.dbType}）`,
      }))}
    />
  );
}
