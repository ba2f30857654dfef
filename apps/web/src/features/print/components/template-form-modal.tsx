import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import {
  ORIENTATION_ITEMS,
  PAPER_ITEMS,
  PRINT_LIMITS,
  PRINT_MESSAGES,
  PRINT_SOURCE_ITEMS,
  type Orientation,
  type PaperName,
  type PrintSourceKey,
} from '@district/shared';
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

/** 新建模板 / 复制模板: code, name, source, paper; the layout is designed afterwards. */
export function TemplateFormModal({ open, copyOf, onClose, onSaved }: TemplateFormModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const paper = Form.useWatch('paper', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
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
        : { paper: 'A4', orientation: 'portrait' },
    );
  }, [open, copyOf, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveTemplate({
        ...values,
        widthMm: values.paper === 'custom' ? values.widthMm : null,
        heightMm: values.paper === 'custom' ? values.heightMm : null,
        layout: copyOf?.layout ?? JSON.stringify({ schemas: [[]] }),
      });
      void message.success(res.message);
      onSaved(res.id);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const side = { min: PRINT_LIMITS.minMm, max: PRINT_LIMITS.maxMm, addonAfter: 'mm', style: { width: '100%' } };
  return (
    <Modal
      title={copyOf ? '复制模板' : '新建模板'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="print-template-form" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item
          name="code"
          label="模板编码"
          rules={[
            { required: true, message: PRINT_MESSAGES.codeRequired },
            { pattern: /^[A-Za-z0-9_-]+$/, message: PRINT_MESSAGES.codeInvalid },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="name" label="模板名称" rules={[{ required: true, message: PRINT_MESSAGES.nameRequired }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="source" label="数据源" rules={[{ required: true, message: PRINT_MESSAGES.sourceRequired }]}>
          <Select
            disabled={!!copyOf}
            options={PRINT_SOURCE_ITEMS.map((i) => ({ value: i.value, label: i.text }))}
            placeholder="请选择数据源"
          />
        </Form.Item>
        <Form.Item name="paper" label="纸张" rules={[{ required: true, message: PRINT_MESSAGES.paperInvalid }]}>
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
          <Form.Item name="orientation" label="方向">
            <Select options={ORIENTATION_ITEMS.map((i) => ({ value: i.value, label: i.text }))} />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
