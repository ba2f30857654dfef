import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import type { UserRecord } from '@district/shared';
import { fetchUserDepartRoles, setUserDepartRoles } from '../api/depart-api';

export const USER_DEPART_ROLES_TEXT = {
  title: (name: string) => `分配部门角色：${name}`,
  none: '本部门还没有部门角色',
} as const;

export interface UserDepartRolesModalProps {
  departId: string;
  user: UserRecord | null;
  onClose: () => void;
}

/** The department's roles as checkboxes; saving sends what changed (newRoleId against oldRoleId). */
export function UserDepartRolesModal({ departId, user, onClose }: UserDepartRolesModalProps) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: ['system', 'depart', 'user-roles', departId, user?.id],
    queryFn: () => fetchUserDepartRoles(departId, user!.id),
    enabled: user !== null,
  });
  // The roles as loaded (a failure shows none), and the user's choice once they change it.
  const before = query.data?.userRoleIds ?? [];
  const roles = query.isFetching ? null : query.isError ? [] : (query.data?.deptRoleList ?? null);
  const [picked, setPicked] = useState<string[] | null>(null);
  const checked = picked ?? before;
  const close = () => {
    setPicked(null);
    onClose();
  };

  const save = async () => {
    if (!user) return;
    setSaving(true);
    try {
      const res = await setUserDepartRoles(user.id, checked, before);
      message.success(res.message);
      close();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? USER_DEPART_ROLES_TEXT.title(user.realname) : ''}
      onCancel={close}
      onOk={() => void save()}
      confirmLoading={saving}
    >
      {roles === null && <Spin />}
      {roles?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={USER_DEPART_ROLES_TEXT.none} />}
      {roles && roles.length > 0 && (
        <Checkbox.Group
          value={checked}
          onChange={(v) => setPicked(v.map(String))}
          options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
        />
      )}
    </Modal>
  );
}
