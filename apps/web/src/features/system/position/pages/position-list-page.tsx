import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { PERM } from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import { POSITION_API, type PositionRecord } from '../api/position-api';
import { PositionFormModal } from '../components/position-form-modal';
import { PositionUsersDrawer } from '../components/position-users-drawer';

export const POSITION_PAGE_TEXT = { users: '职务配置' } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'name', label: '职务名称', op: 'like', trim: true },
  { kind: 'input', field: 'code', label: '职务编码', op: 'like', trim: true },
  { kind: 'dict', field: 'postRank', label: '职级', dictCode: 'position_rank' },
];

const COLUMNS: ListColumn<PositionRecord>[] = [
  { title: '职务名称', dataIndex: 'name', key: 'name', sorter: true },
  { title: '职务编码', dataIndex: 'code', key: 'code', sorter: true },
  { title: '职级', dataIndex: 'postRank', key: 'postRank', sorter: true, valueType: 'dict' },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 职务管理: the position list (name, code, rank text) with its form, export/import and 职务配置. */
export function PositionListPage() {
  const allowed = useHasPermission();
  const [usersOf, setUsersOf] = useState<PositionRecord | null>(null);

  const rowActions = useCallback(
    (record: PositionRecord) =>
      allowed(PERM.positionUsers) && <a onClick={() => setUsersOf(record)}>{POSITION_PAGE_TEXT.users}</a>,
    [allowed],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<PositionRecord>) => (
      <PositionFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<PositionRecord>
        url={{
          list: POSITION_API.list,
          delete: POSITION_API.delete,
          deleteBatch: POSITION_API.deleteBatch,
          exportXls: POSITION_API.exportXls,
          importExcel: POSITION_API.importExcel,
        }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.positionAdd,
          edit: PERM.positionEdit,
          delete: PERM.positionDelete,
          batchDelete: PERM.positionDelete,
          export: PERM.positionExport,
          import: PERM.positionImport,
        }}
        exportName="职务信息"
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <PositionUsersDrawer position={usersOf} onClose={() => setUsersOf(null)} />
    </Card>
  );
}
