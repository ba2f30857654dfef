import { Form, Input, InputNumber, Select } from 'antd';
import {
  ORIENTATION_ITEMS,
  PAPER_ITEMS,
  PRINT_LIMITS,
  PRINT_MESSAGES,
  PRINT_SOURCE_ITEMS,
  PRINT_TEMPLATE_RESOURCE as R,
  fitLayout,
  pageSize,
  type Orientation,
  type PaperName,
  type PrintLayout,
  type PrintSourceKey,
} from '@district/shared';
import { formField, selectPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveTemplate, type PrintTemplateRecord } from '../api/print-api';

interface Values {
  code: string;
  name: string;
  source: PrintSourceKey;
  paper: PaperName;
  orientation: Orientation;
  widthMm?: number;
  heightMm?: number;
  remark?: string;
}

export interface TemplateFormModalProps {
  open: boolean;
  /** Copy from this template (its layout comes along); none: a new, empty template. */
  copyOf: PrintTemplateRecord | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/**
 * The original's layout on the copy's paper: elements that would leave a smaller paper are narrowed and moved
 * inside (a table's columns are percentages, so they scale), rather than the copy being refused.
 */
function fitCopy(layout: string, values: Values): string {
  let parsed: PrintLayout;
  try {
    parsed = JSON.parse(layout) as PrintLayout;
    if (!Array.isArray(parsed.schemas)) return layout;
  } catch {
    return layout;
  }
  return JSON.stringify(fitLayout(parsed, pageSize(values.paper, values.orientation, values)));
}

/** 新建模板 / 复制模板: code, name, source, paper; the layout is designed afterwards. */
export function TemplateFormModal({ open, copyOf, onClose, onSaved }: TemplateFormModalProps) {
  const [form] = Form.useForm<Values>();
  const paper = Form.useWatch('paper', form);
  const title = copyOf ? '复制模板' : '新建模板';

  const side = { min: PRINT_LIMITS.minMm, max: PRINT_LIMITS.maxMm, addonAfter: 'mm', style: { width: '100%' } };
  return (
    <RecordFormModal<PrintTemplateRecord, Values, { id: string; message: string }>
      open={open}
      record={null}
      form={form}
      titles={{ add: title, edit: title }}
      formName="print-template-form"
      width={520}
      wrapperCol={{}}
      destroyOnHidden
      initialValues={() =>
        copyOf
          ? {
              code: `${copyOf.code}_copy`,
              name: `${copyOf.name}（副本）`,
              source: copyOf.source,
              paper: copyOf.paper,
              orientation: copyOf.orientation,
              widthMm: Number(copyOf.widthMm),
              heightMm: Number(copyOf.heightMm),
            }
          : { paper: 'A4', orientation: 'portrait' }
      }
      save={(values) =>
        saveTemplate({
          ...values,
          widthMm: values.paper === 'custom' ? values.widthMm : null,
          heightMm: values.paper === 'custom' ? values.heightMm : null,
          // A copy takes its original's layout, fitted onto its own paper; a new template starts with an empty page.
          layout: copyOf ? fitCopy(copyOf.layout, values) : JSON.stringify({ schemas: [[]] }),
        })
      }
      onClose={onClose}
      onSaved={(answer) => onSaved(answer.id)}
    >
      <Form.Item {...formField(R, 'code')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item {...formField(R, 'name')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item {...formField(R, 'source')}>
        <Select
          disabled={!!copyOf}
          options={PRINT_SOURCE_ITEMS.map((i) => ({ value: i.value, label: i.text }))}
          placeholder={selectPlaceholder(R, 'source')}
        />
      </Form.Item>
      <Form.Item {...formField(R, 'paper')}>
        <Select options={PAPER_ITEMS.map((i) => ({ value: i.value, label: i.text }))} />
      </Form.Item>
      {paper === 'custom' ? (
        <>
          <Form.Item name="widthMm" label="宽" rules={[{ required: true, message: PRINT_MESSAGES.customSize }]}>
            <InputNumber {...side} />
          </Form.Item>
          <Form.Item name="heightMm" label="高" rules={[{ required: true, message: PRINT_MESSAGES.customSize }]}>
            <InputNumber {...side} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="orientation" label={R.fields.orientation.title}>
          <Select options={ORIENTATION_ITEMS.map((i) => ({ value: i.value, label: i.text }))} />
        </Form.Item>
      )}
      <Form.Item {...formField(R, 'remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </RecordFormModal>
  );
}
