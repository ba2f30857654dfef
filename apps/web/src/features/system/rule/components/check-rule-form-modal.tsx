import { Form, Input, type FormRule } from 'antd';
import { CHECK_RULE_ADMIN_MESSAGES, CHECK_RULE_LIMITS, lengthRules } from '@district/shared';
// The engine (re2js) comes from the schemas entry, so it loads with the rule pages only.
import { parseCheckRuleJson } from '@district/shared/schemas';
import type { ListEditorProps } from '../../../../components/list-page/list-page';
import { duplicateValidator } from '../../../../lib/validators';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
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

const RULE_CODE = /^[A-Za-z0-9_]+$/;
const rules = (list: readonly object[]) => list.map((r) => ({ ...r })) as FormRule[];

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
      <Form.Item
        label="规则名称"
        name="ruleName"
        rules={rules(
          lengthRules({ required: true, requiredMessage: CHECK_RULE_ADMIN_MESSAGES.nameRequired, max: 100 }),
        )}
      >
        <Input placeholder="请输入规则名称" />
      </Form.Item>
      <Form.Item
        label="规则编码"
        name="ruleCode"
        validateDebounce={300}
        rules={[
          { required: true, message: CHECK_RULE_ADMIN_MESSAGES.codeRequired },
          { pattern: RULE_CODE, message: CHECK_RULE_ADMIN_MESSAGES.codePattern },
          { max: 100, message: '最大长度100位字符' },
          duplicateValidator('sys_check_rule', 'rule_code', record?.id),
        ]}
      >
        <Input placeholder="请输入规则编码" />
      </Form.Item>
      <Form.Item
        label="规则内容"
        name="ruleJson"
        extra={CHECK_RULE_FORM_TEXT.jsonHelp}
        rules={[
          { max: CHECK_RULE_LIMITS.json, message: `规则内容不能超过${CHECK_RULE_LIMITS.json}个字符` },
          ruleJsonRule,
        ]}
      >
        <Input.TextArea rows={6} placeholder={CHECK_RULE_FORM_TEXT.jsonExample} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item label="规则描述" name="ruleDescription" rules={rules(lengthRules({ max: 500 }))}>
        <Input.TextArea rows={2} placeholder="请输入规则描述" />
      </Form.Item>
    </RecordFormModal>
  );
}
