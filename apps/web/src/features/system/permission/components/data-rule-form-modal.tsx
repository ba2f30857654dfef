import {
  checkDataRuleColumn,
  checkDataRuleValue,
  DATA_RULE_CONDITION_LABELS,
  DATA_RULE_CONDITIONS,
  DATA_RULE_RESOURCE as R,
  DATA_RULE_VARIABLES,
  PERMISSION_STATUS_LABELS,
  type PermissionDataRuleRecord,
} from '@district/shared';
import { Form, Input, Radio, Select, Typography } from 'antd';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveRule, type DataRuleFormValues } from '../api/permission-api';

export const DATA_RULE_FORM_TEXT = { addTitle: `新增${R.title}`, editTitle: `编辑${R.title}` } as const;

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

/** 新增/编辑 a menu's data rule, checked as the server checks it. */
export function DataRuleFormModal({ permissionId, target, onClose, onSaved }: DataRuleFormModalProps) {
  const editing = target && target !== 'new' ? target : null;
  return (
    <RecordFormModal<PermissionDataRuleRecord, DataRuleFormValues>
      open={target !== null}
      record={editing}
      titles={{ add: DATA_RULE_FORM_TEXT.addTitle, edit: DATA_RULE_FORM_TEXT.editTitle }}
      formName="dataRuleForm"
      width={640}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      destroyOnHidden
      initialValues={(r) => r ?? { status: '1' }}
      save={async (values, r) => ({ message: await saveRule(permissionId, values, r?.id) })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'ruleName')}>
        <Input placeholder={inputPlaceholder(R, 'ruleName')} />
      </Form.Item>
      <Form.Item {...formField(R, 'ruleColumn')} rules={[check(checkDataRuleColumn)]} required>
        <Input placeholder="如 create_by、sys_org_code" />
      </Form.Item>
      <Form.Item {...formField(R, 'ruleConditions')}>
        <Select options={CONDITION_OPTIONS} placeholder="请选择" />
      </Form.Item>
      <Form.Item
        {...formField(R, 'ruleValue')}
        rules={[check(checkDataRuleValue)]}
        required
        extra={<Typography.Text type="secondary">可用系统变量：{VARIABLE_HINT}</Typography.Text>}
      >
        <Input placeholder="固定值，或系统变量如 #{sys_user_code}" />
      </Form.Item>
      <Form.Item {...formField(R, 'status')}>
        <Radio.Group options={Object.entries(PERMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
    </RecordFormModal>
  );
}
