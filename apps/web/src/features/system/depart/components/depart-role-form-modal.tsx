import { Form, Input } from 'antd';
import {
  DEPART_LIMITS as L,
  DEPART_MESSAGES as M,
  ROLE_CODE_PATTERN,
  lengthRules,
  type DepartRoleRecord,
} from '@district/shared';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
import { saveDepartRole } from '../api/depart-api';

export interface DepartRoleFormModalProps {
  open: boolean;
  departId: string;
  record: DepartRoleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  roleName: string;
  roleCode: string;
  description?: string;
}

/** 新增/编辑 of a department role. */
export function DepartRoleFormModal({ open, departId, record, onClose, onSaved }: DepartRoleFormModalProps) {
  return (
    <RecordFormModal<DepartRoleRecord, Values>
      open={open}
      record={record}
      titles={{ add: '新增部门角色', edit: '编辑部门角色' }}
      formName="depart-role-form"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={(r) => (r ? { ...r, description: r.description ?? undefined } : undefined)}
      save={(v, r) =>
        saveDepartRole({
          id: r?.id,
          departId,
          roleName: v.roleName.trim(),
          roleCode: v.roleCode.trim(),
          description: v.description?.trim() || null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="部门角色名称"
        name="roleName"
        rules={[{ required: true, whitespace: true, message: M.roleNameRequired }, ...lengthRules({ max: L.roleName })]}
      >
        <Input placeholder="请输入部门角色名称" />
      </Form.Item>
      <Form.Item
        label="部门角色编码"
        name="roleCode"
        rules={[
          { required: true, message: M.roleCodeRequired },
          { pattern: ROLE_CODE_PATTERN, message: M.roleCodeFormat },
        ]}
      >
        <Input placeholder="请输入部门角色编码" />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={lengthRules({ max: L.roleDescription })}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </RecordFormModal>
  );
}
