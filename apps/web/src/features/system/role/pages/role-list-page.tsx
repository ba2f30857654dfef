import { useCallback, useState } from 'react';
import { Card, Divider, Space } from 'antd';
import { PERM, type RoleRecord } from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import { ROLE_API } from '../api/role-api';
import { RoleAuthDrawer } from '../components/role-auth-drawer';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleUsersDrawer } from '../components/role-users-drawer';

export const ROLE_PAGE_TEXT = { authorize: '授权', users: '用户' } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'roleName', label: '角色名称', op: 'like', trim: true },
  { kind: 'input', field: 'roleCode', label: '角色编码', op: 'like', trim: true },
];

const COLUMNS: ListColumn<RoleRecord>[] = [
  { title: '角色名称', dataIndex: 'roleName', key: 'roleName', sorter: true },
  { title: '角色编码', dataIndex: 'roleCode', key: 'roleCode', sorter: true },
  { title: '描述', dataIndex: 'description', valueType: 'longText' },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 角色管理: roles with their grants (授权) and holders (用户). */
export function RoleListPage() {
  const allowed = useHasPermission();
  const [authRole, setAuthRole] = useState<RoleRecord | null>(null);
  const [usersRole, setUsersRole] = useState<RoleRecord | null>(null);

  const rowActions = useCallback(
    (record: RoleRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />}>
        {allowed(PERM.roleAuthorize) && <a onClick={() => setAuthRole(record)}>{ROLE_PAGE_TEXT.authorize}</a>}
        {allowed(PERM.roleUsers) && <a onClick={() => setUsersRole(record)}>{ROLE_PAGE_TEXT.users}</a>}
      </Space>
    ),
    [allowed],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<RoleRecord>) => (
      <RoleFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<RoleRecord>
        url={{
          list: ROLE_API.list,
          delete: ROLE_API.delete,
          deleteBatch: ROLE_API.deleteBatch,
          exportXls: ROLE_API.exportXls,
          importExcel: ROLE_API.importExcel,
        }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.roleAdd,
          edit: PERM.roleEdit,
          delete: PERM.roleDelete,
          batchDelete: PERM.roleDelete,
          export: PERM.roleExport,
          import: PERM.roleImport,
        }}
        exportName="角色信息"
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <RoleAuthDrawer role={authRole} onClose={() => setAuthRole(null)} />
      <RoleUsersDrawer role={usersRole} onClose={() => setUsersRole(null)} />
    </Card>
  );
}
