import {
  checkDataRuleColumn,
  checkDataRuleValue,
  DATA_RULE_CONDITION_LABELS,
  DATA_RULE_CONDITIONS,
  DATA_RULE_LIMITS,
  DATA_RULE_MESSAGES as D,
  DATA_RULE_VARIABLES,
  PERMISSION_STATUS_LABELS,
  type PermissionDataRuleRecord,
} from '@district/shared';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback';
import { saveRule, type DataRuleFormValues } from '../api/permission-api';

export const DATA_RULE_FORM_TEXT = { addTitle: '新增数据规则', editTitle: '编辑数据规则' } as const;

const CONDITION_OPTIONS = DATA_RULE_CONDITIONS.map((c) => ({
  value: c,
  label: `${DATA_RULE_CONDITION_LABELS[c]}（${c}）`,
}));
const VARIABLE_HINT = Object.entries(DATA_RULE_VARIABLES)
  .map(([name, label]) => `${name} ${label}`)
  .join('；');

/** The form turns the shared checks into antd validators, so both sides answer the same message. */
const check = (fn: (v: string | undefined) => string | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const message = fn(value);
    if (message) throw new Error(message);
  },
});

interface DataRuleFormModalProps {
  permissionId: string;
  /** null: closed; 'new': add; a record: edit. */
  target: PermissionDataRuleRecord | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export function DataRuleFormModal({ permissionId, target, onClose, onSaved }: DataRuleFormModalProps) {
  const [form] = Form.useForm<DataRuleFormValues>();
  const [saving, setSaving] = useState(false);
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { status: '1' });
  }, [target, editing, form]);

  const submit = async () => {
    // Invalid fields show their messages under the fields.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      feedback.message.success(await saveRule(permissionId, values, editing?.id));
      onSaved();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? DATA_RULE_FORM_TEXT.editTitle : DATA_RULE_FORM_TEXT.addTitle}
      open={target !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form form={form} name="dataRuleForm" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item
          name="ruleName"
          label="规则名称"
          rules={[
            { required: true, whitespace: true, message: D.nameRequired },
            { max: DATA_RULE_LIMITS.name, message: D.nameTooLong },
          ]}
        >
          <Input placeholder="请输入规则名称" />
        </Form.Item>
        <Form.Item name="ruleColumn" label="规则字段" rules={[check(checkDataRuleColumn)]} required>
          <Input placeholder="如 create_by、sys_org_code" />
        </Form.Item>
        <Form.Item name="ruleConditions" label="条件规则" rules={[{ required: true, message: D.conditionRequired }]}>
          <Select options={CONDITION_OPTIONS} placeholder="请选择" />
        </Form.Item>
        <Form.Item
          name="ruleValue"
          label="规则值"
          rules={[check(checkDataRuleValue)]}
          required
          extra={<Typography.Text type="secondary">可用系统变量：{VARIABLE_HINT}</Typography.Text>}
        >
          <Input placeholder="固定值，或系统变量如 #{sys_user_code}" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={Object.entries(PERMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
