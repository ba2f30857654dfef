import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider, Empty, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { DEPART_ROLE_RESOURCE as R, PERM, type DepartRoleRecord, type DepartTreeNode } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { deleteDepartRole, fetchDepartRoles } from '../api/depart-api';
import { DepartRoleAuthDrawer } from './depart-role-auth-drawer';
import { DepartRoleFormModal } from './depart-role-form-modal';
import { DepartRoleUsersDrawer } from './depart-role-users-drawer';

export const DEPART_ROLES_TEXT = {
  pick: '请在左侧选择一个部门',
  add: '新增部门角色',
  edit: '编辑',
  authorize: '授权',
  users: '用户',
  delete: '删除',
  confirmDelete: '确定删除该部门角色吗？其用户和授权一并删除。',
} as const;

export interface DepartRolesPanelProps {
  depart: DepartTreeNode | null;
}

/** 部门角色: the chosen department's roles (CRUD), their users and their authorisation. */
export function DepartRolesPanel({ depart }: DepartRolesPanelProps) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const [editing, setEditing] = useState<{ record: DepartRoleRecord | null } | null>(null);
  const [authRole, setAuthRole] = useState<DepartRoleRecord | null>(null);
  const [usersRole, setUsersRole] = useState<DepartRoleRecord | null>(null);

  // A failure is shown by the request layer.
  const roles = useQuery({
    queryKey: ['system', 'depart', 'roles', depart?.id],
    queryFn: async () => (await fetchDepartRoles(depart!.id)).records,
    enabled: depart !== null,
  });
  const load = () => roles.refetch();

  if (!depart) return <Empty description={DEPART_ROLES_TEXT.pick} />;
  const canManage = allowed(PERM.departRoles);

  const remove = async (id: string) => {
    try {
      const res = await deleteDepartRole(id);
      message.success(res.message);
      await load();
    } catch {
      // The request layer shows the server's message.
    }
  };

  const columns: TableColumnsType<DepartRoleRecord> = [
    { title: R.fields.roleName.title, dataIndex: 'roleName' },
    { title: R.fields.roleCode.title, dataIndex: 'roleCode' },
    { title: R.fields.description.title, dataIndex: 'description', ellipsis: true },
    { title: R.fields.createTime.title, dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 220,
      render: (_v, r) => (
        <Space separator={<Divider orientation="vertical" />}>
          {canManage && <a onClick={() => setEditing({ record: r })}>{DEPART_ROLES_TEXT.edit}</a>}
          {allowed(PERM.departAuthorize) && <a onClick={() => setAuthRole(r)}>{DEPART_ROLES_TEXT.authorize}</a>}
          {canManage && <a onClick={() => setUsersRole(r)}>{DEPART_ROLES_TEXT.users}</a>}
          {canManage && (
            <Popconfirm title={DEPART_ROLES_TEXT.confirmDelete} onConfirm={() => remove(r.id)}>
              <a>{DEPART_ROLES_TEXT.delete}</a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      {canManage && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({ record: null })}>
          {DEPART_ROLES_TEXT.add}
        </Button>
      )}
      <Table<DepartRoleRecord>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
      />
      <DepartRoleFormModal
        open={editing !== null}
        departId={depart.id}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
      <DepartRoleAuthDrawer role={authRole} onClose={() => setAuthRole(null)} />
      <DepartRoleUsersDrawer role={usersRole} onClose={() => setUsersRole(null)} />
    </div>
  );
}
