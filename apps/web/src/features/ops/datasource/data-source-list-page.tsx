import { Card, Tag } from 'antd';
import { DATA_SOURCE_API, DATA_SOURCE_TYPE_LABELS, DATA_SOURCE_TYPES, PERM, type DataSource } from '@district/shared';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { DataSourceFormModal } from './data-source-form-modal';

const COLUMNS: ListColumn<DataSource>[] = [
  { title: '数据源编码', dataIndex: 'code', key: 'code', sorter: true, width: 140 },
  { title: '数据源名称', dataIndex: 'name', key: 'name', sorter: true, width: 160 },
  { title: '数据库类型', dataIndex: 'dbType', key: 'dbType', width: 140 },
  {
    title: '地址',
    key: 'address',
    width: 200,
    render: (_: unknown, r: DataSource) => (r.dbType === 'sqlite' ? '—' : `${r.host ?? ''}:${r.port ?? ''}`),
  },
  { title: '数据库', dataIndex: 'databaseName', key: 'databaseName', width: 140 },
  { title: '用户名', dataIndex: 'username', key: 'username', width: 110 },
  {
    title: '密码',
    dataIndex: 'hasPassword',
    key: 'hasPassword',
    width: 90,
    render: (v: boolean) => (v ? <Tag color="green">已加密保存</Tag> : <Tag>未设置</Tag>),
  },
  { title: '备注', dataIndex: 'remark', key: 'remark', width: 180 },
];

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'name', label: '数据源名称', op: 'like', trim: true },
  {
    kind: 'select',
    field: 'dbType',
    label: '数据库类型',
    options: DATA_SOURCE_TYPES.map((t) => ({ value: t, label: DATA_SOURCE_TYPE_LABELS[t] })),
  },
];

/** 数据源管理: connection settings for the online reports; passwords are stored encrypted and never shown. */
export function DataSourceListPage() {
  return (
    <Card size="small">
      <ListPage<DataSource>
        url={{
          list: `${DATA_SOURCE_API.base}/list`,
          delete: `${DATA_SOURCE_API.base}/delete`,
          deleteBatch: `${DATA_SOURCE_API.base}/deleteBatch`,
        }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.dataSourceAdd,
          edit: PERM.dataSourceEdit,
          delete: PERM.dataSourceDelete,
          batchDelete: PERM.dataSourceDelete,
        }}
        renderEditor={({ open, record, onClose, onSaved }) => (
          <DataSourceFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
        )}
      />
    </Card>
  );
}
