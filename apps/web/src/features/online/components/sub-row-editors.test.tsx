import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONLINE_MESSAGES, onlineFormPerm, type AuthEntry, type OnlinePageConfig } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AutoListPage } from '../pages/auto-list-page';
import { loadMainSubRows, subColumns } from './sub-row-editors';

const base = { version: 1, syncedVersion: 1, theme: 'plain' as const, subTables: [] };
const CONFIG: OnlinePageConfig = {
  form: {
    ...base,
    id: 'f1',
    tableName: 'onl_bill',
    title: '领用单',
    formKind: 'main',
    subTables: [
      { table: 'onl_bill_line', relation: 'many', foreignKey: 'bill_id' },
      { table: 'onl_bill_extra', relation: 'one', foreignKey: 'bill_id' },
    ],
    fields: [{ name: 'bill_no', label: '单号', dbType: 'string', required: true }],
  },
  subForms: [
    {
      ...base,
      id: 'f2',
      tableName: 'onl_bill_line',
      title: '明细',
      formKind: 'sub',
      fields: [
        { name: 'bill_id', label: '单据', dbType: 'string', required: true },
        { name: 'goods', label: '物品', dbType: 'string', required: true },
        { name: 'qty', label: '数量', dbType: 'int' },
      ],
    },
    {
      ...base,
      id: 'f3',
      tableName: 'onl_bill_extra',
      title: '附加信息',
      formKind: 'sub',
      fields: [
        { name: 'bill_id', label: '单据', dbType: 'string', required: true },
        { name: 'note', label: '说明', dbType: 'string' },
      ],
    },
  ],
  actions: ['list', 'add', 'edit'],
  enhance: null,
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(bodies: { method: string; body: unknown }[], config: OnlinePageConfig = CONFIG, extra = {}) {
  useSessionStore.setState({
    auth: (['list', 'add', 'edit'] as const).map((a) => entry(onlineFormPerm('onl_bill', a))),
    allAuth: [],
  });
  const save = (method: string) => (c: { data?: unknown }) => {
    bodies.push({ method, body: JSON.parse(String(c.data)) });
    return ok(null, '保存成功！');
  };
  const mock = mockHttp({
    'GET /online/cgform/api/getFormConfig/onl_bill': ok(config),
    'GET /online/cgform/data/onl_bill/list': ok({
      records: [{ id: 'b1', billNo: 'B-001' }],
      total: 1,
      size: 20,
      current: 1,
      pages: 1,
    }),
    'GET /online/cgform/data/onl_bill/subRows': (c) =>
      c.params?.id === 'b1'
        ? ok({
            onl_bill_line: [
              { id: 'l1', billId: 'b1', goods: '笔', qty: 2 },
              { id: 'l2', billId: 'b1', goods: '纸', qty: 5 },
            ],
            onl_bill_extra: [{ id: 'e1', billId: 'b1', note: '加急' }],
          })
        : fail(404, '未找到对应数据'),
    'POST /online/cgform/data/onl_bill/add': save('add'),
    'PUT /online/cgform/data/onl_bill/edit': save('edit'),
    ...extra,
  });
  restore = mock.restore;
  renderWithApp(<AutoListPage />, { route: '/online/cgformList/onl_bill' });
}

const rowOf = (dialog: HTMLElement, text: string) =>
  within(dialog).getByText(text).closest('[data-row-id]') as HTMLElement;
const cellOf = (row: HTMLElement, key: string) => row.querySelector(`[data-key="${key}"]`) as HTMLElement;

describe('sub row columns', () => {
  it('check the chosen 校验规则 in the cell, with the server’s message', () => {
    const [phone] = subColumns(
      {
        id: 's',
        tableName: 'onl_contact',
        title: '联系人',
        formKind: 'sub',
        theme: 'plain',
        subTables: [],
        version: 1,
        syncedVersion: 1,
        fields: [
          { name: 'phone', label: '电话', dbType: 'string', ruleCode: 'mobile' },
          { name: 'main_id', label: '主表', dbType: 'string' },
        ],
      },
      'main_id',
    );
    const rule = phone!.validateRules!.find((r) => r.message === '请输入正确手机号');
    expect(rule?.pattern instanceof RegExp && rule.pattern.test('13800138000')).toBe(true);
    expect(rule?.pattern instanceof RegExp && rule.pattern.test('12345')).toBe(false);
  });
});

describe('sub rows in the main form', () => {
  it('edits the sub rows inside the main record modal and saves them with it in one request', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    setup(bodies);
    const user = userEvent.setup();
    await screen.findByText('B-001', {}, { timeout: 8000 });
    await user.click(within(screen.getByText('B-001').closest('tr')!).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    // One-to-many as rows, one-to-one as the sub form's fields.
    expect(await within(dialog).findByText('笔', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getByText('纸')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入说明')).toHaveValue('加急');

    // Change a cell of the first row, remove the second, add a third without its required 物品.
    const pen = rowOf(dialog, '笔');
    await user.click(cellOf(pen, 'goods'));
    const goods = within(cellOf(pen, 'goods')).getByRole('textbox');
    await user.clear(goods);
    await user.type(goods, '钢笔');
    await user.click(within(rowOf(dialog, '纸')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await user.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    // The empty required cell is marked in its row; nothing is sent.
    await waitFor(() => expect(dialog.querySelectorAll('[data-key="goods"][aria-invalid="true"]').length).toBe(1));
    expect(bodies).toEqual([]);

    const invalid = dialog.querySelector('[data-key="goods"][aria-invalid="true"]') as HTMLElement;
    await user.click(invalid);
    await user.type(within(invalid).getByRole('textbox'), '墨水');
    await user.clear(within(dialog).getByPlaceholderText('请输入说明'));
    await user.type(within(dialog).getByPlaceholderText('请输入说明'), '不急');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      method: 'edit',
      body: {
        id: 'b1',
        billNo: 'B-001',
        onl_bill_line: [
          { id: 'l1', goods: '钢笔', qty: 2 },
          { goods: '墨水', qty: expect.anything() },
        ],
        onl_bill_extra: [{ id: 'e1', note: '不急' }],
      },
    });
  });

  it('adds a main record with new sub rows (no ids), the one-to-one left out when empty', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    setup(bodies);
    const user = userEvent.setup();
    await screen.findByText('B-001', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入单号'), 'B-002');
    await user.click(within(dialog).getAllByRole('button', { name: /新\s*增/ })[0]!);
    const cell = dialog.querySelector('[data-row-id] [data-key="goods"]') as HTMLElement;
    await user.click(cell);
    await user.type(within(cell).getByRole('textbox'), '胶带');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const body = bodies[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ billNo: 'B-002', onl_bill_extra: [] });
    expect(body.onl_bill_line).toEqual([{ goods: '胶带', qty: expect.anything() }]);
  });

  it('uploads an image of a sub row under online and saves its path; a failed upload is not saved', async () => {
    const withPhoto: OnlinePageConfig = {
      ...CONFIG,
      subForms: CONFIG.subForms.map((f) =>
        f.tableName === 'onl_bill_line'
          ? { ...f, fields: [...f.fields, { name: 'photo', label: '照片', dbType: 'string', widget: 'image' }] }
          : f,
      ),
    };
    const bizs: unknown[] = [];
    let answer = ok(null, 'online/20261127/p1.png');
    const bodies: { method: string; body: unknown }[] = [];
    setup(bodies, withPhoto, {
      'POST /sys/common/upload': (c: { data?: unknown }) => {
        bizs.push((c.data as FormData).get('biz'));
        return answer;
      },
    });
    const user = userEvent.setup();
    await screen.findByText('B-001', {}, { timeout: 8000 });
    await user.click(within(screen.getByText('B-001').closest('tr')!).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    const pen = await within(dialog).findByText('笔', {}, { timeout: 8000 });
    const pick = () =>
      fireEvent.change(
        cellOf(pen.closest('[data-row-id]') as HTMLElement, 'photo').querySelector('input[type=file]')!,
        {
          target: { files: [new File(['x'], 'p1.png', { type: 'image/png' })] },
        },
      );
    // A failed upload: the save is refused with the cell's title, nothing is sent.
    answer = fail(400, '文件内容与扩展名不符');
    pick();
    expect(await screen.findByText('错误信息：文件内容与扩展名不符')).toBeInTheDocument();
    await user.click(document.querySelector('.ant-modal-confirm .ant-btn') as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(ONLINE_MESSAGES.subFileFailed('照片'))).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // A stored upload: its path is saved with the row, in the business path of online forms.
    await user.click(within(cellOf(rowOf(dialog, '笔'), 'photo')).getByRole('button', { name: '删除文件' }));
    answer = ok(null, 'online/20261127/p1.png');
    pick();
    await waitFor(() => expect(bizs).toHaveLength(2));
    expect(bizs).toEqual(['online', 'online']);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const lines = (bodies[0]!.body as { onl_bill_line: Record<string, unknown>[] }).onl_bill_line;
    expect(lines[0]).toMatchObject({ id: 'l1', goods: '笔', photo: 'online/20261127/p1.png' });
  });

  it('asks for the sub rows 3 times before 打开子表失败', async () => {
    let calls = 0;
    const mock = mockHttp({
      'GET /online/cgform/data/onl_bill/subRows': () => {
        calls++;
        return fail(500, '服务器错误');
      },
    });
    restore = mock.restore;
    await expect(loadMainSubRows('onl_bill', 'b1')).rejects.toThrow(ONLINE_MESSAGES.subTableFailed);
    expect(calls).toBe(3);
  });
});
