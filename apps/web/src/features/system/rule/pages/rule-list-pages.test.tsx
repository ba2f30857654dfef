import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { CheckRuleRecord, FillRuleRecord } from '../api/rule-api';
import { CheckRuleListPage } from './check-rule-list-page';
import { FillRuleListPage } from './fill-rule-list-page';

const FILL: FillRuleRecord[] = [
  {
    id: 'f1',
    ruleName: '资产编号',
    ruleCode: 'asset_code',
    ruleKind: 'sequence',
    ruleParams: JSON.stringify({ prefix: 'ZC', datePattern: 'YYYYMMDD', seqLength: 3, resetBy: 'day' }),
    createTime: '2026-11-22 10:00:00',
  },
  { id: 'f2', ruleName: '机构编码', ruleCode: 'org_code', ruleKind: 'orgCode', ruleParams: null, createTime: null },
];
const CHECK: CheckRuleRecord[] = [
  {
    id: 'c1',
    ruleName: '资产编号校验',
    ruleCode: 'asset_code_check',
    ruleJson: JSON.stringify([
      { digits: '2', pattern: '^ZC$', message: '资产编号须以ZC开头' },
      { digits: '*', pattern: '^ZC\\d{11}$', message: '资产编号须为ZC加11位数字' },
    ]),
    ruleDescription: null,
    createTime: null,
  },
];
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const row = (text: string) => screen.getByText(text).closest('tr')!;

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  ui: React.ReactElement,
  perms: string[],
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/fillRule/list': page(FILL),
    'GET /sys/checkRule/list': page(CHECK),
    'GET /sys/duplicate/check': ok(true, '该值可用！'),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(ui);
  return mock;
}

describe('fill rule page', () => {
  const ALL = [PERM.fillRuleList, PERM.fillRuleAdd, PERM.fillRuleEdit, PERM.fillRuleDelete, PERM.fillRuleTest];

  it('lists rules with readable params and runs 测试', async () => {
    setup(<FillRuleListPage />, ALL, {
      'PUT /sys/fillRule/testRule/asset_code': ok('ZC20261122001'),
    });
    expect(await screen.findByText('资产编号')).toBeInTheDocument();
    expect(within(row('资产编号')).getByText('前缀 ZC · YYYYMMDD · 3 位流水号 · 每天')).toBeInTheDocument();
    expect(within(row('org_code')).getAllByText('机构编码')).toHaveLength(2);
    await userEvent.click(within(row('资产编号')).getByText('测试'));
    expect(await screen.findByText('生成的编码：ZC20261122001')).toBeInTheDocument();
  });

  it('adds a sequence rule with its params as JSON and checks the reset period', async () => {
    const added: unknown[] = [];
    setup(<FillRuleListPage />, ALL, {
      'POST /sys/fillRule/add': (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ id: 'f3' }, '添加成功！');
      },
    });
    await screen.findByText('资产编号');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增编码规则')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入规则名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('规则名称'), '合同编号📄');
    await userEvent.type(within(dialog).getByLabelText('规则编码'), 'contract_no');
    await userEvent.type(within(dialog).getByLabelText('前缀'), 'HT');
    expect(within(dialog).getByText(/示例：HT\d{8}001/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(added).toEqual([
        {
          ruleName: '合同编号📄',
          ruleCode: 'contract_no',
          ruleKind: 'sequence',
          ruleParams: JSON.stringify({ prefix: 'HT', datePattern: 'YYYYMMDD', seqLength: 3, resetBy: 'day' }),
        },
      ]),
    );
  });

  it('hides 测试 and 新增 without their permissions', async () => {
    setup(<FillRuleListPage />, [PERM.fillRuleList]);
    await screen.findByText('资产编号');
    expect(within(row('资产编号')).queryByText('测试')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });
});

describe('check rule page', () => {
  const ALL = [PERM.checkRuleList, PERM.checkRuleAdd, PERM.checkRuleEdit, PERM.checkRuleDelete];

  it('tests a value in the 测试 dialog: the first failing message, or 校验通过', async () => {
    setup(<CheckRuleListPage />, ALL);
    await screen.findByText('资产编号校验');
    await userEvent.click(within(row('资产编号校验')).getByText('测试'));
    const input = await screen.findByLabelText('测试值');
    await userEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('请输入需要校验的值')).toBeInTheDocument();
    await userEvent.type(input, 'ZX20261122001');
    await userEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('资产编号须以ZC开头')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'ZC20261122001');
    await userEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('校验通过')).toBeInTheDocument();
  });

  it('validates the rule JSON before saving', async () => {
    const added: unknown[] = [];
    setup(<CheckRuleListPage />, ALL, {
      'POST /sys/checkRule/add': (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ id: 'c2' }, '添加成功！');
      },
    });
    await screen.findByText('资产编号校验');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增校验规则')).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(dialog).getByLabelText('规则名称'), '手机号');
    await userEvent.type(within(dialog).getByLabelText('规则编码'), 'mobile');
    const json = within(dialog).getByLabelText('规则内容');
    await userEvent.click(json);
    // Lookarounds cannot run on the linear-time engine (RE2): refused before the call.
    await userEvent.paste('[{"digits":"*","pattern":"^(?=.*\\\\d)\\\\w+$","message":"m"}]');
    expect(await within(dialog).findByText(/使用了不支持的写法/)).toBeInTheDocument();
    await userEvent.clear(json);
    await userEvent.click(json);
    await userEvent.paste('[{"digits":"*","pattern":"^1\\\\d{10}$","message":"请输入正确手机号"}]');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      ruleCode: 'mobile',
      ruleJson: '[{"digits":"*","pattern":"^1\\\\d{10}$","message":"请输入正确手机号"}]',
    });
  });
});
