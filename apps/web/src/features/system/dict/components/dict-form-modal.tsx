import { Form, Input, type FormRule } from 'antd';
import { DICT_CODE_PATTERN, DICT_LIMITS, DICT_MESSAGES, lengthRules, type DictRecord } from '@district/shared';
import type { ListEditorProps } from '../../../../components/list-page/list-page';
import { duplicateValidator } from '../../../../lib/validators';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
import { saveDict } from '../api/dict-api';

export const DICT_FORM_TEXT = { addTitle: '新增字典', editTitle: '编辑字典' } as const;

interface FormValues {
  dictName: string;
  dictCode: string;
  description?: string;
}

const rules = (list: readonly object[]) => list.map((r) => ({ ...r })) as FormRule[];

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
      <Form.Item
        label="字典名称"
        name="dictName"
        rules={rules(
          lengthRules({ required: true, requiredMessage: DICT_MESSAGES.nameRequired, max: DICT_LIMITS.name }),
        )}
      >
        <Input placeholder="请输入字典名称" />
      </Form.Item>
      <Form.Item
        label="字典编码"
        name="dictCode"
        validateDebounce={300}
        rules={[
          { required: true, message: DICT_MESSAGES.codeRequired },
          { pattern: DICT_CODE_PATTERN, message: DICT_MESSAGES.codePattern },
          { max: DICT_LIMITS.code, message: `最大长度${DICT_LIMITS.code}位字符` },
          duplicateValidator('sys_dict', 'dict_code', record?.id),
        ]}
      >
        <Input placeholder="请输入字典编码" />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={rules(lengthRules({ max: DICT_LIMITS.description }))}>
        <Input.TextArea rows={3} placeholder="请输入描述" />
      </Form.Item>
    </RecordFormModal>
  );
}
