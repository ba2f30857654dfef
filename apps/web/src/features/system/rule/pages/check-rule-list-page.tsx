import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { CHECK_RULE_RESOURCE as R } from '@district/shared';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { CheckRuleRecord } from '../api/rule-api';
import { CheckRuleFormModal } from '../components/check-rule-form-modal';
import { CheckRuleTestModal } from '../components/check-rule-test-modal';

export const CHECK_RULE_PAGE_TEXT = { test: '测试' } as const;

/** 校验规则: rules of regular-expression segments, with a 测试 dialog per rule. */
export function CheckRuleListPage() {
  const [testing, setTesting] = useState<CheckRuleRecord | null>(null);
  const rowActions = useCallback(
    (record: CheckRuleRecord) => <a onClick={() => setTesting(record)}>{CHECK_RULE_PAGE_TEXT.test}</a>,
    [],
  );
  const renderEditor = useCallback((props: ListEditorProps<CheckRuleRecord>) => <CheckRuleFormModal {...props} />, []);

  return (
    <Card variant="borderless">
      <ListPage<CheckRuleRecord, typeof R>
        resource={R}
        columns={['ruleName', 'ruleCode', 'ruleDescription', 'createTime']}
        queryFields={['ruleName', 'ruleCode']}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
