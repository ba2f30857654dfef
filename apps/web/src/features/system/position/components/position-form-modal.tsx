import { Form, Input } from 'antd';
import { RULES, lengthRules } from '@district/shared';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
import { DictSelect } from '../../../../components/dict/dict-select';
import { savePosition, type PositionRecord } from '../api/position-api';

export interface PositionFormModalProps {
  open: boolean;
  record: PositionRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  code: string;
  name: string;
  postRank?: string;
}

/** 新增/编辑 of a position (职务): code, name and rank. */
export function PositionFormModal({ open, record, onClose, onSaved }: PositionFormModalProps) {
  return (
    <RecordFormModal<PositionRecord, Values>
      open={open}
      record={record}
      titles={{ add: '新增职务', edit: '编辑职务' }}
      formName="position-form"
      initialValues={(r) => (r ? { code: r.code, name: r.name, postRank: r.postRank ?? undefined } : undefined)}
      save={(v, r) =>
        savePosition({ id: r?.id, code: v.code.trim(), name: v.name.trim(), postRank: v.postRank ?? null })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item label="职务编码" name="code" rules={[{ required: true, message: '请输入职务编码' }, ...RULES.code]}>
        <Input placeholder="请输入职务编码" />
      </Form.Item>
      <Form.Item
        label="职务名称"
        name="name"
        rules={[{ required: true, whitespace: true, message: '请输入职务名称' }, ...lengthRules({ max: 100 })]}
      >
        <Input placeholder="请输入职务名称" />
      </Form.Item>
      <Form.Item label="职级" name="postRank">
        <DictSelect dictCode="position_rank" placeholder="请选择职级" />
      </Form.Item>
    </RecordFormModal>
  );
}
