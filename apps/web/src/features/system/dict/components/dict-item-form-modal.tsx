import { ColorPicker, Form, Input, InputNumber, Switch } from 'antd';
import { DICT_ITEM_RESOURCE as R, DICT_LIMITS, type DictItemRecord } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveDictItem } from '../api/dict-api';

export const DICT_ITEM_FORM_TEXT = { addTitle: '新增字典项', editTitle: '编辑字典项' } as const;

export interface DictItemFormModalProps {
  open: boolean;
  dictId: string;
  /** null when adding. */
  record: DictItemRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface FormValues {
  itemText: string;
  itemValue: string;
  itemColor?: string;
  description?: string;
  sortOrder?: number;
  enabled: boolean;
}

/** 新增/编辑 one dictionary item: name, value, colour, sort order, status and description. */
export function DictItemFormModal({ open, dictId, record, onClose, onSaved }: DictItemFormModalProps) {
  return (
    <RecordFormModal<DictItemRecord, FormValues>
      open={open}
      record={record}
      titles={{ add: DICT_ITEM_FORM_TEXT.addTitle, edit: DICT_ITEM_FORM_TEXT.editTitle }}
      formName="dictItemForm"
      destroyOnHidden
      initialValues={(r) =>
        r
          ? {
              itemText: r.itemText,
              itemValue: r.itemValue,
              itemColor: r.itemColor ?? undefined,
              description: r.description ?? undefined,
              sortOrder: r.sortOrder,
              enabled: r.status === 1,
            }
          : { sortOrder: 1, enabled: true }
      }
      // The server's message is shown on failure (e.g. a value already in the dictionary).
      save={(v, r) =>
        saveDictItem({
          ...(r ? { id: r.id } : { dictId }),
          itemText: v.itemText.trim(),
          itemValue: v.itemValue.trim(),
          itemColor: v.itemColor || null,
          description: v.description?.trim() || null,
          sortOrder: v.sortOrder ?? 0,
          status: v.enabled ? 1 : 0,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'itemText')}>
        <Input placeholder={inputPlaceholder(R, 'itemText')} />
      </Form.Item>
      <Form.Item {...formField(R, 'itemValue')}>
        <Input placeholder={inputPlaceholder(R, 'itemValue')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'itemColor')}
        getValueFromEvent={(color: { cleared: boolean; toHexString: () => string }) =>
          color.cleared ? '' : color.toHexString()
        }
      >
        <ColorPicker allowClear disabledAlpha format="hex" showText />
      </Form.Item>
      <Form.Item {...formField(R, 'description')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'description')} />
      </Form.Item>
      <Form.Item label="排序值" name="sortOrder">
        <InputNumber min={0} max={DICT_LIMITS.sortOrder} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="是否启用" name="enabled" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="禁用" />
      </Form.Item>
    </RecordFormModal>
  );
}
