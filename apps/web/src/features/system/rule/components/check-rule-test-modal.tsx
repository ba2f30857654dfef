import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { CHECK_RULE_ADMIN_MESSAGES, CHECK_RULE_LIMITS } from '@district/shared';
// The engine (re2js) comes from the schemas entry, so it loads with this page only.
import { parseCheckRuleJson, runCheckRule, type CheckRuleResult } from '@district/shared/schemas';
import type { CheckRuleRecord } from '../api/rule-api';

export const CHECK_RULE_TEST_TEXT = {
  title: (name: string) => `测试校验规则：${name}`,
  run: '校验',
  value: '测试值',
} as const;

export interface CheckRuleTestModalProps {
  rule: CheckRuleRecord | null;
  onClose: () => void;
}

/** 测试: checks a value against a rule with the shared engine (the same code checkByCode runs). */
export function CheckRuleTestModal({ rule, onClose }: CheckRuleTestModalProps) {
  const [value, setValue] = useState('');
  const [result, setResult] = useState<CheckRuleResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setValue('');
    setResult(null);
    setProblem(null);
  }, [rule]);

  const run = () => {
    if (!rule) return;
    if (value === '') {
      setProblem(CHECK_RULE_ADMIN_MESSAGES.valueRequired);
      setResult(null);
      return;
    }
    const parsed = parseCheckRuleJson(rule.ruleJson);
    if (!parsed.ok) {
      setProblem(parsed.message);
      setResult(null);
      return;
    }
    setProblem(null);
    setResult(runCheckRule(parsed.segments, value));
  };

  return (
    <Modal
      open={rule !== null}
      title={rule ? CHECK_RULE_TEST_TEXT.title(rule.ruleName) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={CHECK_RULE_TEST_TEXT.value} validateStatus={problem ? 'error' : undefined} help={problem}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={CHECK_RULE_TEST_TEXT.value}
              value={value}
              maxLength={CHECK_RULE_LIMITS.value}
              onChange={(e) => {
                setValue(e.target.value);
                setResult(null);
              }}
              onPressEnter={run}
            />
            <Button type="primary" onClick={run}>
              {CHECK_RULE_TEST_TEXT.run}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {result && <Alert showIcon type={result.passed ? 'success' : 'error'} title={result.message} />}
    </Modal>
  );
}
