import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { PASSWORD_MESSAGES, passwordRuleOf, SECURITY_MESSAGES } from '@district/shared';
import { usePasswordPolicy } from '@/lib/password-policy';

export interface PasswordFieldsProps {
  /** Labels of the pair (the spec names them per form: 新密码/确认新密码, 登录密码/确认密码). */
  labels?: { password: string; confirm: string };
  placeholders?: { password: string; confirm: string };
  messages?: { required: string; confirmRequired: string; mismatch: string };
  /** The form's field holding the current password: the new one may not repeat it. */
  oldField?: string;
  /** Say under the field what the rule is (and the reuse limit when the user changes their own password). */
  showRule?: boolean | 'withHistory';
  /** Places each of the two fields (e.g. in a grid column); by default they follow each other. */
  wrap?: (field: ReactNode, key: 'password' | 'confirm') => ReactNode;
}

const DEFAULTS = {
  labels: { password: '新密码', confirm: '确认新密码' },
  placeholders: { password: '请输入新密码', confirm: '请确认新密码' },
  messages: {
    required: PASSWORD_MESSAGES.newRequired,
    confirmRequired: PASSWORD_MESSAGES.confirmRequired,
    mismatch: PASSWORD_MESSAGES.mismatch,
  },
};

/**
 * A new password and its confirmation, checked against the platform's configured rule (安全设置) — the one rule every
 * path applies, so no form accepts what the server refuses or refuses what it accepts. Fields `password` and
 * `confirmpassword`, as every password call of the API names them.
 */
export function PasswordFields({
  labels = DEFAULTS.labels,
  placeholders = DEFAULTS.placeholders,
  messages = DEFAULTS.messages,
  oldField,
  showRule = false,
  wrap = (field) => field,
}: PasswordFieldsProps) {
  const policy = usePasswordPolicy();
  const rule = passwordRuleOf(policy);
  const ruleText = [
    rule.message,
    showRule === 'withHistory' && policy.historyCount > 0 ? SECURITY_MESSAGES.passwordReused(policy.historyCount) : '',
  ]
    .filter(Boolean)
    .join('；');
  const password = (
    <Form.Item
      label={labels.password}
      name="password"
      extra={showRule ? `密码规则：${ruleText}` : undefined}
      dependencies={oldField ? [oldField] : undefined}
      rules={[
        { required: true, message: messages.required },
        { pattern: rule.pattern, message: rule.message },
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            if (oldField && value && value === getFieldValue(oldField)) throw new Error(PASSWORD_MESSAGES.sameAsOld);
          },
        }),
      ]}
    >
      <Input.Password placeholder={placeholders.password} autoComplete="new-password" />
    </Form.Item>
  );
  const confirm = (
    <Form.Item
      label={labels.confirm}
      name="confirmpassword"
      dependencies={['password']}
      rules={[
        { required: true, message: messages.confirmRequired },
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            if (value && value !== getFieldValue('password')) throw new Error(messages.mismatch);
          },
        }),
      ]}
    >
      <Input.Password placeholder={placeholders.confirm} autoComplete="new-password" />
    </Form.Item>
  );
  return (
    <>
      {wrap(password, 'password')}
      {wrap(confirm, 'confirm')}
    </>
  );
}
