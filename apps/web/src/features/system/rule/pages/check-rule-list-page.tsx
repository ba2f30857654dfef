import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { CHECK_RULE_API, PERM } from '@district/shared';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import type { CheckRuleRecord } from '../api/rule-api';
import { CheckRuleFormModal } from '../components/check-rule-form-modal';
import { CheckRuleTestModal } from '../components/check-rule-test-modal';

export const CHECK_RULE_PAGE_TEXT = { test: '测试' } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'ruleName', label: '规则名称', op: 'like', trim: true },
  { kind: 'input', field: 'ruleCode', label: '规则编码', op: 'like', trim: true },
];

const COLUMNS: ListColumn<CheckRuleRecord>[] = [
  { title: '规则名称', dataIndex: 'ruleName', key: 'ruleName', sorter: true },
  { title: '规则编码', dataIndex: 'ruleCode', key: 'ruleCode', sorter: true },
  { title: '规则描述', dataIndex: 'ruleDescription', valueType: 'longText' },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

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
      <ListPage<CheckRuleRecord>
        url={{ list: CHECK_RULE_API.list, delete: CHECK_RULE_API.delete, deleteBatch: CHECK_RULE_API.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.checkRuleAdd,
          edit: PERM.checkRuleEdit,
          delete: PERM.checkRuleDelete,
          batchDelete: PERM.checkRuleDelete,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
