import { Form, Input } from 'antd';
import { ROLE_RESOURCE as R, type RoleRecord } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
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
      titles={{ add: `新增${R.title}`, edit: `编辑${R.title}` }}
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
      <Form.Item {...formField(R, 'roleName')}>
        <Input placeholder={inputPlaceholder(R, 'roleName')} />
      </Form.Item>
      <Form.Item {...formField(R, 'roleCode')}>
        <Input placeholder={inputPlaceholder(R, 'roleCode')} />
      </Form.Item>
      <Form.Item {...formField(R, 'description')}>
        <Input.TextArea rows={3} placeholder={inputPlaceholder(R, 'description')} />
      </Form.Item>
    </RecordFormModal>
  );
}
