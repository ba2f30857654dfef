import { Form, Input } from 'antd';
import { DEPART_ROLE_RESOURCE as R, type DepartRoleRecord } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
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
      titles={{ add: `新增${R.title}`, edit: `编辑${R.title}` }}
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
      <Form.Item {...formField(R, 'roleName')}>
        <Input placeholder={inputPlaceholder(R, 'roleName')} />
      </Form.Item>
      <Form.Item {...formField(R, 'roleCode')}>
        <Input placeholder={inputPlaceholder(R, 'roleCode')} />
      </Form.Item>
      <Form.Item {...formField(R, 'description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </RecordFormModal>
  );
}
