import { Form, Input } from 'antd';
import { POSITION_RESOURCE as R } from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField, inputPlaceholder, selectPlaceholder } from '@/components/form-modal/field-rules';
import { DictSelect } from '@/components/dict/dict-select';
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

/** 新增/编辑 of a position (职务): code, name and rank, labelled and checked as the shared declaration says. */
export function PositionFormModal({ open, record, onClose, onSaved }: PositionFormModalProps) {
  return (
    <RecordFormModal<PositionRecord, Values>
      open={open}
      record={record}
      titles={{ add: `新增${R.title}`, edit: `编辑${R.title}` }}
      formName="position-form"
      initialValues={(r) => (r ? { code: r.code, name: r.name, postRank: r.postRank ?? undefined } : undefined)}
      save={(v, r) =>
        savePosition({ id: r?.id, code: v.code.trim(), name: v.name.trim(), postRank: v.postRank ?? null })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'code')}>
        <Input placeholder={inputPlaceholder(R, 'code')} />
      </Form.Item>
      <Form.Item {...formField(R, 'name')}>
        <Input placeholder={inputPlaceholder(R, 'name')} />
      </Form.Item>
      <Form.Item {...formField(R, 'postRank')}>
        <DictSelect dictCode={R.fields.postRank.dict} placeholder={selectPlaceholder(R, 'postRank')} />
      </Form.Item>
    </RecordFormModal>
  );
}
