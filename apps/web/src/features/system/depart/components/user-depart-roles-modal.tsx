import { useEffect, useState } from 'react';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import type { DepartRoleRecord, UserRecord } from '@district/shared';
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
  const [roles, setRoles] = useState<DepartRoleRecord[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [before, setBefore] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    let active = true;
    setRoles(null);
    fetchUserDepartRoles(departId, user.id)
      .then((r) => {
        if (!active) return;
        setRoles(r.deptRoleList);
        setChecked(r.userRoleIds);
        setBefore(r.userRoleIds);
      })
      .catch(() => active && setRoles([]));
    return () => {
      active = false;
    };
  }, [departId, user]);

  const save = async () => {
    if (!user) return;
    setSaving(true);
    try {
      const res = await setUserDepartRoles(user.id, checked, before);
      message.success(res.message);
      onClose();
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
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
    >
      {roles === null && <Spin />}
      {roles?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={USER_DEPART_ROLES_TEXT.none} />}
      {roles && roles.length > 0 && (
        <Checkbox.Group
          value={checked}
          onChange={(v) => setChecked(v.map(String))}
          options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
        />
      )}
    </Modal>
  );
}
