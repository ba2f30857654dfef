import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SUPER_QUERY_MESSAGES,
  SUPER_QUERY_RULE_LABELS,
  SUPER_QUERY_RULES,
  SUPER_QUERY_STORAGE_PREFIX,
  type SavedSuperQuery,
  type SuperQueryFieldDef,
} from '@district/shared';
import { localStore } from '@/lib/storage';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ADVANCED_QUERY_ACTIVE, AdvancedQueryButton } from './advanced-query-button';
import { ADVANCED_QUERY_TEXT } from './advanced-query-modal';

const FIELDS: SuperQueryFieldDef[] = [
  { field: 'name', title: '资产名称', type: 'string' },
  { field: 'area', title: '面积', type: 'number' },
  { field: 'status', title: '资产状态', type: 'select', dictCode: 'asset_status' },
  { field: 'buyDate', title: '购置日期', type: 'date' },
];

let restore = () => undefined as void;
afterEach(() => restore());

function setup({ saveCode, route = '/asset/list' }: { saveCode?: string; route?: string } = { saveCode: 'asset' }) {
  restore = mockHttp({
    'GET /sys/dict/getDictItems/asset_status': ok([
      { value: '1', text: '在用' },
      { value: '2', text: '闲置' },
      { value: '3', text: '报废' },
    ]),
  }).restore;
  const onSearch = vi.fn();
  renderWithApp(<AdvancedQueryButton fields={FIELDS} saveCode={saveCode} onSearch={onSearch} />, { route });
  return { onSearch };
}

/** antd gives every modal the same aria-labelledby id under test, so dialogs are found by their title. */
async function dialog(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return within(heading.closest<HTMLElement>('.ant-modal')!);
}

/** Closed, or leaving (jsdom never ends antd's closing animation). */
function isClosed(title: string): boolean {
  const modal = screen.queryByText(title, { selector: '.ant-modal-title' })?.closest<HTMLElement>('.ant-modal');
  return !modal || /-leave/.test(modal.className) || modal.closest('[style*="display: none"]') !== null;
}

async function openBuilder() {
  await userEvent.click(screen.getByRole('button', { name: '高级查询' }));
  return dialog(ADVANCED_QUERY_TEXT.title);
}

const footer = (name: string) =>
  within(document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="none"]) .ant-modal-footer')!).getByRole(
    'button',
    { name },
  );
const rows = () => screen.getAllByTestId('condition-row');
const combo = (row: HTMLElement, name: string) => within(row).getByRole('combobox', { name });

/** Opens an antd select and clicks the option with this label. */
async function pick(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const option = await waitFor(() => {
    // The newest open dropdown; one still closing refuses pointer events.
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option')]
      .filter(
        (o) =>
          o.textContent === label &&
          !o.closest('.ant-select-dropdown-hidden') &&
          !o.closest('[style*="pointer-events: none"]'),
      )
      .at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await userEvent.click(option);
}

async function condition(index: number, field: string, rule: string) {
  const row = rows()[index]!;
  await pick(combo(row, '查询字段'), field);
  if (rule !== SUPER_QUERY_RULE_LABELS.eq) await pick(combo(row, '匹配规则'), rule);
  return row;
}

// Many antd selects per test: slow on a busy two-core machine.
describe('advanced query builder', { timeout: 60_000 }, () => {
  it('shows 高级查询构造器 with 重置, 保存查询条件, 关闭, 查询, the saved list and every rule', async () => {
    setup();
    const builder = await openBuilder();
    for (const name of ['重置', '保存查询条件', '关闭', '查询']) expect(footer(name)).toBeInTheDocument();
    expect(builder.getByText(ADVANCED_QUERY_TEXT.savedList)).toBeInTheDocument();
    await userEvent.click(combo(rows()[0]!, '匹配规则'));
    for (const rule of SUPER_QUERY_RULES) {
      expect(
        [...document.querySelectorAll('.ant-select-item-option')].some(
          (o) => o.textContent === SUPER_QUERY_RULE_LABELS[rule],
        ),
      ).toBe(true);
    }
  });

  it('refuses to run an empty condition: 不能查询空条件', async () => {
    const { onSearch } = setup();
    await openBuilder();
    // A field and rule without a value is still empty.
    await condition(0, '资产名称', '包含');
    await userEvent.click(footer('查询'));
    expect(await screen.findByText(SUPER_QUERY_MESSAGES.emptyQuery)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses to save an empty condition: 空条件不能保存', async () => {
    setup();
    await openBuilder();
    await userEvent.click(footer('保存查询条件'));
    expect(await screen.findByText(SUPER_QUERY_MESSAGES.emptySave)).toBeInTheDocument();
    expect(screen.queryByText(ADVANCED_QUERY_TEXT.saveNamePrompt)).not.toBeInTheDocument();
  });

  it('runs the complete conditions with the match type, closes and flags the trigger', async () => {
    const { onSearch } = setup();
    await openBuilder();
    const first = await condition(0, '资产名称', '包含');
    await userEvent.type(within(first).getByRole('textbox', { name: '查询值' }), '综合楼');
    await userEvent.click(within(first).getByRole('button', { name: '添加条件' }));
    const second = await condition(1, '面积', '大于等于');
    await userEvent.type(within(second).getByRole('spinbutton', { name: '查询值' }), '120');
    // A third, empty row is left out.
    await userEvent.click(within(second).getByRole('button', { name: '添加条件' }));
    await pick(screen.getByRole('combobox', { name: ADVANCED_QUERY_TEXT.matchType }), 'OR（条件中的任意一个匹配）');
    await userEvent.click(footer('查询'));

    expect(onSearch).toHaveBeenCalledWith(
      [
        { field: 'name', rule: 'like', val: '综合楼', type: 'string' },
        { field: 'area', rule: 'ge', val: '120', type: 'number' },
      ],
      'or',
    );
    await waitFor(() => expect(isClosed(ADVANCED_QUERY_TEXT.title)).toBe(true));
    const trigger = screen.getByRole('button', { name: '高级查询' });
    expect(trigger).toHaveAccessibleDescription(ADVANCED_QUERY_ACTIVE);
    expect(trigger.closest('.ant-badge')?.querySelector('.ant-badge-dot')).not.toBeNull();
  });

  it('rule 在...中 takes several values; switching away keeps the first', async () => {
    const { onSearch } = setup();
    await openBuilder();
    const row = await condition(0, '资产名称', '在...中');
    const tags = combo(row, '查询值');
    await userEvent.type(tags, 'A栋{enter}');
    await userEvent.type(tags, 'B栋{enter}');
    await userEvent.click(footer('查询'));
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'name', rule: 'in', val: 'A栋,B栋', type: 'string' }], 'and');

    await openBuilder();
    await pick(combo(rows()[0]!, '匹配规则'), '等于');
    expect(within(rows()[0]!).getByRole('textbox', { name: '查询值' })).toHaveValue('A栋');
    await userEvent.click(footer('查询'));
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'name', rule: 'eq', val: 'A栋', type: 'string' }], 'and');
  });

  it('offers dictionary values for a dictionary field, several with 在...中', async () => {
    const { onSearch } = setup();
    await openBuilder();
    const row = await condition(0, '资产状态', '在...中');
    await pick(combo(row, '查询值'), '在用');
    await pick(combo(row, '查询值'), '闲置');
    await userEvent.click(footer('查询'));
    expect(onSearch).toHaveBeenCalledWith([{ field: 'status', rule: 'in', val: '1,2', type: 'select' }], 'and');
  });

  it('takes a date for a date field', async () => {
    const { onSearch } = setup();
    await openBuilder();
    const row = await condition(0, '购置日期', '小于');
    await userEvent.type(within(row).getByRole('textbox', { name: '查询值' }), '2024-03-15{enter}');
    await userEvent.click(footer('查询'));
    expect(onSearch).toHaveBeenCalledWith([{ field: 'buyDate', rule: 'lt', val: '2024-03-15', type: 'date' }], 'and');
  });

  it('重置 empties the conditions and re-emits an empty query, clearing the flag', async () => {
    const { onSearch } = setup();
    await openBuilder();
    await userEvent.type(within(await condition(0, '资产名称', '等于')).getByLabelText('查询值'), '仓库');
    await userEvent.click(footer('查询'));
    expect(screen.getByRole('button', { name: '高级查询' })).toHaveAccessibleDescription(ADVANCED_QUERY_ACTIVE);

    await openBuilder();
    await userEvent.click(footer('重置'));
    expect(onSearch).toHaveBeenLastCalledWith([], 'and');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByRole('textbox', { name: '查询值' })).toBeDisabled();
    await userEvent.click(footer('关闭'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '高级查询' })).not.toHaveAccessibleDescription(ADVANCED_QUERY_ACTIVE),
    );
  });

  it('saves under a name (请输入保存的名称), refusing an empty name and asking before overwriting', async () => {
    setup({ saveCode: 'asset' });
    const builder = await openBuilder();
    await userEvent.type(within(await condition(0, '资产名称', '包含')).getByLabelText('查询值'), '楼');
    await userEvent.click(footer('保存查询条件'));
    const prompt = await dialog(ADVANCED_QUERY_TEXT.saveNamePrompt);
    await userEvent.click(prompt.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(SUPER_QUERY_MESSAGES.emptyName)).toBeInTheDocument();

    await userEvent.type(prompt.getByRole('textbox', { name: '保存名称' }), '楼宇');
    await userEvent.click(prompt.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(SUPER_QUERY_MESSAGES.saved)).toBeInTheDocument();
    const key = `${SUPER_QUERY_STORAGE_PREFIX}asset`;
    expect(localStore.get<SavedSuperQuery[]>(key)).toEqual([
      { title: '楼宇', matchType: 'and', records: [{ field: 'name', rule: 'like', val: '楼', type: 'string' }] },
    ]);
    expect(builder.getByRole('button', { name: '楼宇' })).toBeInTheDocument();

    // Same name again: confirm the overwrite.
    await pick(combo(rows()[0]!, '匹配规则'), '等于');
    await userEvent.click(footer('保存查询条件'));
    const again = await dialog(ADVANCED_QUERY_TEXT.saveNamePrompt);
    await userEvent.type(again.getByRole('textbox', { name: '保存名称' }), '楼宇');
    await userEvent.click(again.getByRole('button', { name: '确定' }));
    expect((await screen.findAllByText(SUPER_QUERY_MESSAGES.overwrite('楼宇')))[0]).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() =>
      expect(localStore.get<SavedSuperQuery[]>(key)).toEqual([
        { title: '楼宇', matchType: 'and', records: [{ field: 'name', rule: 'eq', val: '楼', type: 'string' }] },
      ]),
    );
  });

  it('keeps saved queries under the route path without a save code, loads and deletes them', async () => {
    const key = `${SUPER_QUERY_STORAGE_PREFIX}/house/list`;
    localStore.set<SavedSuperQuery[]>(key, [
      { title: '大面积', matchType: 'or', records: [{ field: 'area', rule: 'gt', val: '500', type: 'number' }] },
    ]);
    const { onSearch } = setup({ route: '/house/list' });
    const builder = await openBuilder();
    await userEvent.click(builder.getByRole('button', { name: '大面积' }));
    expect(within(rows()[0]!).getByRole('spinbutton', { name: '查询值' })).toHaveValue('500');
    await userEvent.click(footer('查询'));
    expect(onSearch).toHaveBeenCalledWith([{ field: 'area', rule: 'gt', val: '500', type: 'number' }], 'or');

    const reopened = await openBuilder();
    await userEvent.click(reopened.getByRole('button', { name: '删除查询 大面积' }));
    expect((await screen.findAllByText(SUPER_QUERY_MESSAGES.deleteSaved))[0]).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() => expect(reopened.queryByRole('button', { name: '大面积' })).not.toBeInTheDocument());
    expect(localStore.get(key)).toBeNull();
  });
});
