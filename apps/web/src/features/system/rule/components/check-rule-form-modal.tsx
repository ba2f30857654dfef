import { Form, Input, type FormRule } from 'antd';
import { CHECK_RULE_RESOURCE as R } from '@district/shared';
// The engine (re2js) comes from the schemas entry, so it loads with the rule pages only.
import { parseCheckRuleJson } from '@district/shared/schemas';
import type { ListEditorProps } from '@/components/list-page/list-page';
import { duplicateValidator } from '@/lib/validators';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveCheckRule, type CheckRuleRecord } from '../api/rule-api';

export const CHECK_RULE_FORM_TEXT = {
  addTitle: '新增校验规则',
  editTitle: '编辑校验规则',
  jsonHelp:
    'JSON 数组，每项 {"digits": "3" 或 "*", "pattern": "正则", "message": "提示"}；数字取接下来的 N 位，* 校验整个值',
  jsonExample:
    '[{"digits":"2","pattern":"^ZC$","message":"须以ZC开头"},{"digits":"*","pattern":"^ZC\\\\d{11}$","message":"须为ZC加11位数字"}]',
} as const;

interface FormValues {
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription?: string;
}

const ruleJsonRule: FormRule = {
  validator: async (_r, value: unknown) => {
    const parsed = parseCheckRuleJson(typeof value === 'string' ? value : '');
    if (!parsed.ok) throw new Error(parsed.message);
  },
};

/** 新增/编辑 a check rule; the rule JSON is validated by the same engine the server uses. */
export function CheckRuleFormModal({ open, record, onClose, onSaved }: ListEditorProps<CheckRuleRecord>) {
  return (
    <RecordFormModal<CheckRuleRecord, FormValues>
      open={open}
      record={record}
      titles={{ add: CHECK_RULE_FORM_TEXT.addTitle, edit: CHECK_RULE_FORM_TEXT.editTitle }}
      formName="checkRuleForm"
      width={720}
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      destroyOnHidden
      initialValues={(r) =>
        r
          ? {
              ruleName: r.ruleName,
              ruleCode: r.ruleCode,
              ruleJson: r.ruleJson,
              ruleDescription: r.ruleDescription ?? undefined,
            }
          : undefined
      }
      save={(v, r) =>
        saveCheckRule({
          ...(r ? { id: r.id } : {}),
          ruleName: v.ruleName.trim(),
          ruleCode: v.ruleCode.trim(),
          ruleJson: v.ruleJson.trim(),
          ruleDescription: v.ruleDescription?.trim() || null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'ruleName')}>
        <Input placeholder={inputPlaceholder(R, 'ruleName')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'ruleCode')}
        validateDebounce={300}
        rules={[...formField(R, 'ruleCode').rules, duplicateValidator('sys_check_rule', 'rule_code', record?.id)]}
      >
        <Input placeholder={inputPlaceholder(R, 'ruleCode')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'ruleJson')}
        extra={CHECK_RULE_FORM_TEXT.jsonHelp}
        rules={[...formField(R, 'ruleJson').rules, ruleJsonRule]}
      >
        <Input.TextArea rows={6} placeholder={CHECK_RULE_FORM_TEXT.jsonExample} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item {...formField(R, 'ruleDescription')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'ruleDescription')} />
      </Form.Item>
    </RecordFormModal>
  );
}
