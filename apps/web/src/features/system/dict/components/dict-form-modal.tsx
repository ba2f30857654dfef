import { Form, Input } from 'antd';
import { DICT_RESOURCE as R, type DictRecord } from '@district/shared';
import type { ListEditorProps } from '@/components/list-page/list-page';
import { duplicateValidator } from '@/lib/validators';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveDict } from '../api/dict-api';

export const DICT_FORM_TEXT = { addTitle: '新增字典', editTitle: '编辑字典' } as const;

interface FormValues {
  dictName: string;
  dictCode: string;
  description?: string;
}

/** 新增/编辑 a dictionary; the code is checked for uniqueness while typing. */
export function DictFormModal({ open, record, onClose, onSaved }: ListEditorProps<DictRecord>) {
  return (
    <RecordFormModal<DictRecord, FormValues>
      open={open}
      record={record}
      titles={{ add: DICT_FORM_TEXT.addTitle, edit: DICT_FORM_TEXT.editTitle }}
      formName="dictForm"
      destroyOnHidden
      initialValues={(r) =>
        r ? { dictName: r.dictName, dictCode: r.dictCode, description: r.description ?? undefined } : undefined
      }
      save={(v, r) =>
        saveDict({
          ...(r ? { id: r.id } : {}),
          dictName: v.dictName.trim(),
          dictCode: v.dictCode.trim(),
          description: v.description?.trim() || null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'dictName')}>
        <Input placeholder={inputPlaceholder(R, 'dictName')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'dictCode')}
        validateDebounce={300}
        rules={[...formField(R, 'dictCode').rules, duplicateValidator('sys_dict', 'dict_code', record?.id)]}
      >
        <Input placeholder={inputPlaceholder(R, 'dictCode')} />
      </Form.Item>
      <Form.Item {...formField(R, 'description')}>
        <Input.TextArea rows={3} placeholder={inputPlaceholder(R, 'description')} />
      </Form.Item>
    </RecordFormModal>
  );
}
