import { Form, Input } from 'antd';
import { ROLE_CODE_PATTERN, ROLE_LIMITS, ROLE_MESSAGES, lengthRules, type RoleRecord } from '@district/shared';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
import { saveRole } from '../api/role-api';

export interface RoleFormModalProps {
  open: boolean;
  record: RoleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  roleName: string;
  roleCode: string;
  description?: string;
}

/** 新增/编辑 of a role: name, code (letters, digits, underscore) and description. */
export function RoleFormModal({ open, record, onClose, onSaved }: RoleFormModalProps) {
  return (
    <RecordFormModal<RoleRecord, Values>
      open={open}
      record={record}
      titles={{ add: '新增角色', edit: '编辑角色' }}
      formName="role-form"
      initialValues={(r) => (r ? { ...r, description: r.description ?? undefined } : undefined)}
      save={(v, r) =>
        saveRole({
          id: r?.id,
          roleName: v.roleName.trim(),
          roleCode: v.roleCode.trim(),
          description: v.description?.trim() || null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="角色名称"
        name="roleName"
        rules={[
          { required: true, whitespace: true, message: ROLE_MESSAGES.roleNameRequired },
          ...lengthRules({ max: ROLE_LIMITS.roleName }),
        ]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item
        label="角色编码"
        name="roleCode"
        rules={[
          { required: true, message: ROLE_MESSAGES.roleCodeRequired },
          { pattern: ROLE_CODE_PATTERN, message: ROLE_MESSAGES.roleCodeFormat },
        ]}
      >
        <Input placeholder="请输入角色编码" />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={lengthRules({ max: ROLE_LIMITS.description })}>
        <Input.TextArea rows={3} placeholder="请输入描述" />
      </Form.Item>
    </RecordFormModal>
  );
}
