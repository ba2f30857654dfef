import { useCallback } from 'react';
import { App, Card } from 'antd';
import {
  FILL_RESET_BY,
  FILL_RULE_API,
  FILL_RULE_KINDS,
  FILL_RULE_MESSAGES,
  PERM,
  type FillResetBy,
  type FillRuleKind,
} from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import { executeFillRule, type FillRuleRecord } from '../api/rule-api';
import { FillRuleFormModal } from '../components/fill-rule-form-modal';

export const FILL_RULE_PAGE_TEXT = { test: '测试', resultTitle: '测试结果' } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'ruleName', label: '规则名称', op: 'like', trim: true },
  { kind: 'input', field: 'ruleCode', label: '规则编码', op: 'like', trim: true },
];

/** A readable summary of a rule's params: 前缀 ZC · YYYYMMDD · 3 位 · 每天. */
export function describeParams(record: FillRuleRecord): string {
  if (record.ruleKind !== 'sequence' || !record.ruleParams) return '';
  try {
    const p = JSON.parse(record.ruleParams) as {
      prefix?: string;
      datePattern?: string;
      seqLength?: number;
      resetBy?: FillResetBy;
    };
    return [
      p.prefix ? `前缀 ${p.prefix}` : '',
      p.datePattern ?? '',
      `${p.seqLength ?? ''} 位流水号`,
      FILL_RESET_BY[p.resetBy ?? 'never'] ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
  } catch {
    return record.ruleParams;
  }
}

const COLUMNS: ListColumn<FillRuleRecord>[] = [
  { title: '规则名称', dataIndex: 'ruleName', key: 'ruleName', sorter: true },
  { title: '规则编码', dataIndex: 'ruleCode', key: 'ruleCode', sorter: true },
  {
    title: '规则类型',
    dataIndex: 'ruleKind',
    key: 'ruleKind',
    width: 100,
    render: (kind: string) => FILL_RULE_KINDS[kind as FillRuleKind] ?? kind,
  },
  {
    title: '规则参数',
    dataIndex: 'ruleParams',
    valueType: 'longText',
    ellipsis: true,
    render: (_: unknown, r) => describeParams(r),
  },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 编码规则: sequences (asset numbers…) and organisation codes, with a 测试 run per rule. */
export function FillRuleListPage() {
  const { modal } = App.useApp();
  const allowed = useHasPermission();

  const test = useCallback(
    async (record: FillRuleRecord) => {
      try {
        const value = await executeFillRule(record.ruleCode);
        modal.success({ title: FILL_RULE_PAGE_TEXT.resultTitle, content: FILL_RULE_MESSAGES.generated(value) });
      } catch {
        // The request layer shows the server's message.
      }
    },
    [modal],
  );

  const rowActions = useCallback(
    (record: FillRuleRecord) =>
      allowed(PERM.fillRuleTest) && <a onClick={() => void test(record)}>{FILL_RULE_PAGE_TEXT.test}</a>,
    [allowed, test],
  );
  const renderEditor = useCallback((props: ListEditorProps<FillRuleRecord>) => <FillRuleFormModal {...props} />, []);

  return (
    <Card variant="borderless">
      <ListPage<FillRuleRecord>
        url={{ list: FILL_RULE_API.list, delete: FILL_RULE_API.delete, deleteBatch: FILL_RULE_API.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.fillRuleAdd,
          edit: PERM.fillRuleEdit,
          delete: PERM.fillRuleDelete,
          batchDelete: PERM.fillRuleDelete,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
    </Card>
  );
}
