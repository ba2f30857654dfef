import { useCallback } from 'react';
import { App, Card } from 'antd';
import {
  FILL_RESET_BY,
  FILL_RULE_KINDS,
  FILL_RULE_MESSAGES,
  FILL_RULE_RESOURCE as R,
  PERM,
  type FillResetBy,
  type FillRuleKind,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick } from '@/components/list-page/list-resource';
import { executeFillRule, type FillRuleRecord } from '../api/rule-api';
import { FillRuleFormModal } from '../components/fill-rule-form-modal';

export const FILL_RULE_PAGE_TEXT = { test: '测试', resultTitle: '测试结果' } as const;

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

const COLUMNS: ColumnPick<FillRuleRecord, typeof R>[] = [
  'ruleName',
  'ruleCode',
  {
    ...columnOf<FillRuleRecord>(R, 'ruleKind'),
    sorter: false,
    render: (kind: string) => FILL_RULE_KINDS[kind as FillRuleKind] ?? kind,
  },
  { ...columnOf<FillRuleRecord>(R, 'ruleParams'), ellipsis: true, render: (_: unknown, r) => describeParams(r) },
  'createTime',
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
      <ListPage<FillRuleRecord, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={['ruleName', 'ruleCode']}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
    </Card>
  );
}
