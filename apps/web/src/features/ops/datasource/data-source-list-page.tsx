import { useCallback } from 'react';
import { Card, Tag } from 'antd';
import {
  DATA_SOURCE_RESOURCE as R,
  DATA_SOURCE_TYPE_LABELS,
  DATA_SOURCE_TYPES,
  type DataSource,
} from '@district/shared';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { ColumnPick, QueryPick } from '@/components/list-page/list-resource';
import { DataSourceFormModal } from './data-source-form-modal';

// The type column shows dbType_dictText; the password only whether one is stored.
const COLUMNS: ColumnPick<DataSource, typeof R>[] = [
  'code',
  'name',
  'dbType',
  {
    title: '地址',
    key: 'address',
    width: 200,
    render: (_: unknown, r: DataSource) => (r.dbType === 'sqlite' ? '—' : `${r.host ?? ''}:${r.port ?? ''}`),
  },
  'databaseName',
  'username',
  {
    title: R.fields.password.title,
    dataIndex: 'hasPassword',
    key: 'hasPassword',
    width: 90,
    render: (v: boolean) => (v ? <Tag color="green">已加密保存</Tag> : <Tag>未设置</Tag>),
  },
  'remark',
];

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'name',
  {
    kind: 'select',
    field: 'dbType',
    label: R.fields.dbType.title,
    options: DATA_SOURCE_TYPES.map((t) => ({ value: t, label: DATA_SOURCE_TYPE_LABELS[t] })),
  },
];

/** 数据源管理: connection settings for the online reports; passwords are stored encrypted and never shown. */
export function DataSourceListPage() {
  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<DataSource>) => (
      <DataSourceFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );
  return (
    <Card size="small">
      <ListPage<DataSource, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        renderEditor={renderEditor}
      />
    </Card>
  );
}
