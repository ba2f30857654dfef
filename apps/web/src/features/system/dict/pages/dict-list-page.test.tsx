import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, type AuthEntry, type DictItemRecord, type DictRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DictListPage } from './dict-list-page';

const dict = (id: string, dictName: string, dictCode: string): DictRecord => ({
  id,
  dictName,
  dictCode,
  description: null,
  createTime: '2026-11-22 10:00:00',
});
const DICTS = [dict('d1', '性别', 'sex'), dict('d2', '资产状态🏠', 'asset_status')];
const ITEMS: DictItemRecord[] = [
  {
    id: 'i1',
    dictId: 'd2',
    itemText: '在用',
    itemValue: '1',
    itemColor: '#52c41a',
    description: null,
    sortOrder: 1,
    status: 1,
    status_dictText: '有效',
  },
];
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.dictList, PERM.dictAdd, PERM.dictEdit, PERM.dictDelete, PERM.dictRecycle, PERM.dictRefreshCache];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
  localStorage.clear();
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/dict/list': page(DICTS),
    'GET /sys/dictItem/list': page(ITEMS),
    'GET /sys/dict/getDictItems/valid_status': ok([
      { value: '1', text: '有效' },
      { value: '0', text: '无效' },
    ]),
    'GET /sys/duplicate/check': (c) =>
      (c.params as { fieldVal: string }).fieldVal === 'sex'
        ? { status: 200, data: { success: false, message: '该值不可用，系统中已存在！', code: 200, result: false } }
        : ok(true, '该值可用！'),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<DictListPage />, { route: '/system/dict' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = async () => (await screen.findAllByRole('button', { name: /确\s*定|OK/ })).at(-1)!;

describe('dictionary page', () => {
  it('adds a dictionary, refusing a code already taken', async () => {
    const added: unknown[] = [];
    const mock = setup({
      'POST /sys/dict/add': (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ id: 'd3' }, '添加成功！');
      },
    });
    await screen.findByText('资产状态🏠');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('字典名称'), '房屋用途');
    await userEvent.type(within(dialog).getByLabelText('字典编码'), 'sex');
    expect(await within(dialog).findByText('该值不可用，系统中已存在！')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('字典编码'));
    await userEvent.type(within(dialog).getByLabelText('字典编码'), 'house_use');
    await waitFor(() => expect(within(dialog).queryByText('该值不可用，系统中已存在！')).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(added).toEqual([{ dictName: '房屋用途', dictCode: 'house_use', description: null }]));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/sys/dict/list').length).toBeGreaterThan(1);
  });

  it('shows the required and pattern messages of the form', async () => {
    setup();
    await screen.findByText('资产状态🏠');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入字典名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入字典编码')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('字典编码'), 'a-b');
    expect(await within(dialog).findByText('字典编码只能包含字母、数字和下划线')).toBeInTheDocument();
  });

  it('configures items in the drawer: list, colour and a new item for this dictionary', async () => {
    const added: unknown[] = [];
    const mock = setup({
      'POST /sys/dictItem/add': (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ id: 'i2' }, '添加成功！');
      },
    });
    await screen.findByText('资产状态🏠');
    await userEvent.click(within(row('资产状态🏠')).getByText('字典配置'));
    expect(await screen.findByText('字典配置：资产状态🏠')).toBeInTheDocument();
    expect(await screen.findByText('在用')).toBeInTheDocument();
    expect(screen.getByText('#52c41a')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/sys/dictItem/list')!.params).toMatchObject({ dictId: 'd2' });

    const drawer = screen.getByText('字典配置：资产状态🏠').closest('.ant-drawer') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增字典项')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入数据值')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('名称'), '闲置');
    await userEvent.type(within(dialog).getByLabelText('数据值'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(added).toEqual([
        { dictId: 'd2', itemText: '闲置', itemValue: '2', itemColor: null, description: null, sortOrder: 1, status: 1 },
      ]),
    );
  });

  it('refreshes the dictionary cache with the spec messages', async () => {
    setup({
      'GET /sys/dict/refleshCache': ok(null, '刷新缓存完成！'),
      'GET /sys/dict/queryAllDictItems': ok({ sex: [{ value: '1', text: '男' }] }),
    });
    await screen.findByText('资产状态🏠');
    await userEvent.click(screen.getByRole('button', { name: '刷新缓存' }));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
  });

  it('says 刷新缓存失败！ when the refresh fails', async () => {
    setup({ 'GET /sys/dict/refleshCache': fail(500, 'boom') });
    await screen.findByText('资产状态🏠');
    await userEvent.click(screen.getByRole('button', { name: '刷新缓存' }));
    expect(await screen.findByText('刷新缓存失败！')).toBeInTheDocument();
  });

  it('restores from the recycle bin and deletes for good after confirmation', async () => {
    const calls: string[] = [];
    setup({
      'GET /sys/dict/deleteList': ok([{ ...dict('d9', '旧字典', 'old_dict'), updateTime: '2026-11-22 11:00:00' }]),
      'PUT /sys/dict/back/d9': () => {
        calls.push('back');
        return ok(null, '还原成功！');
      },
      'DELETE /sys/dict/deletePhysic/d9': () => {
        calls.push('physic');
        return ok(null, '彻底删除成功！');
      },
    });
    await screen.findByText('资产状态🏠');
    await userEvent.click(screen.getByRole('button', { name: '回收站' }));
    expect(await screen.findByText('旧字典')).toBeInTheDocument();
    await userEvent.click(within(row('旧字典')).getByText('还原'));
    expect(await screen.findByText('还原成功！')).toBeInTheDocument();
    await userEvent.click(within(row('旧字典')).getByText('彻底删除'));
    expect(await screen.findByText(/删除后字典项也会一并删除/)).toBeInTheDocument();
    await userEvent.click(await okButton());
    await waitFor(() => expect(calls).toEqual(['back', 'physic']));
    expect(await screen.findByText('彻底删除成功！')).toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    setup({}, [PERM.dictList]);
    await screen.findByText('资产状态🏠');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回收站' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '刷新缓存' })).not.toBeInTheDocument();
    expect(within(row('资产状态🏠')).queryByText('编辑')).not.toBeInTheDocument();
    await userEvent.click(within(row('资产状态🏠')).getByText('字典配置'));
    await screen.findByText('在用');
    const drawer = screen.getByText('字典配置：资产状态🏠').closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });
});
