import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  encodeSuperQuery,
  IMPORT_MESSAGES,
  LIST_MESSAGES,
  type AuthEntry,
  type SuperQueryFieldDef,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { ListColumn } from './list-columns';
import { LIST_PAGE_TEXT, ListPage, type ListPageProps } from './list-page';
import type { QueryField } from './list-query';
import { PHONE_WIDTH, screenWidth } from './screen-width.testing';
import type { ListPageApi } from './use-list-page';

interface Asset {
  id: string;
  name: string;
  status: string;
  status_dictText: string;
  createTime: string;
}

const ALL: Asset[] = Array.from({ length: 45 }, (_, i) => ({
  id: `id${i + 1}`,
  name: `资产${i + 1}`,
  status: '1',
  status_dictText: '在用',
  createTime: `2024-01-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
}));

const URLS = {
  list: '/demo/list',
  delete: '/demo/delete',
  deleteBatch: '/demo/deleteBatch',
  exportXls: '/demo/exportXls',
  importExcel: '/demo/importExcel',
};

const COLUMNS: ListColumn<Asset>[] = [
  { title: '名称', dataIndex: 'name', sorter: true },
  { title: '状态', dataIndex: 'status' },
  { title: '创建时间', dataIndex: 'createTime' },
];

function page(config: InternalAxiosRequestConfig): MockReply {
  const p = config.params as { pageNo: number; pageSize: number };
  const records = ALL.slice((p.pageNo - 1) * p.pageSize, p.pageNo * p.pageSize);
  return ok({ records, total: ALL.length, size: p.pageSize, current: p.pageNo, pages: Math.ceil(45 / p.pageSize) });
}

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(props: Partial<ListPageProps<Asset>> = {}, routes: Record<string, MockReply | typeof page> = {}) {
  const mock = mockHttp({
    'GET /demo/list': page,
    'GET /sys/dict/getDictItems/asset_status': ok([
      { value: '1', text: '在用' },
      { value: '2', text: '闲置' },
    ]),
    ...routes,
  });
  restore = mock.restore;
  const ref = createRef<ListPageApi<Asset>>();
  const view = renderWithApp(<ListPage<Asset> ref={ref} url={URLS} columns={COLUMNS} {...props} />, {
    route: '/demo',
  });
  const listCalls = () => mock.calls.filter((c) => c.url === '/demo/list');
  const lastList = () => listCalls().at(-1)!.params as Record<string, unknown>;
  return { mock, ref, view, listCalls, lastList };
}

const sizeChanger = () => document.querySelector<HTMLElement>('.ant-pagination-options .ant-select')!;
const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');

async function pickOption(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')]
      .filter((o) => o.textContent === label && !o.closest('[style*="pointer-events: none"]'))
      .at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await userEvent.click(option);
}

describe('generic list page', { timeout: 60_000 }, () => {
  it('loads page 1 of 20, shows dictionary texts and the range/count total, with jumper and size changer', async () => {
    const { lastList } = setup();
    expect(await screen.findByText('资产1')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ pageNo: 1, pageSize: 20 });
    // Without a chosen sort the server's default (createTime desc) applies.
    expect(lastList()).not.toHaveProperty('column');
    expect(screen.getAllByText('在用')).toHaveLength(20);
    expect(screen.getByText('第 1-20 条 / 共 45 条')).toBeInTheDocument();
    expect(sizeChanger()).toHaveTextContent('20 条/页');
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toHaveTextContent('跳至');
  });

  it('offers the page sizes 20, 30 and 50 and pages through the list', async () => {
    const { lastList } = setup();
    await screen.findByText('资产1');
    await userEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('资产41')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ pageNo: 3, pageSize: 20 });
    expect(screen.getByText('第 41-45 条 / 共 45 条')).toBeInTheDocument();

    await userEvent.click(sizeChanger());
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(sizes).toEqual(['20 条/页', '30 条/页', '50 条/页']);
    await pickOption(sizeChanger(), '50 条/页');
    await waitFor(() => expect(lastList()).toMatchObject({ pageNo: 1, pageSize: 50 }));
  });

  it('sorts on the server: a header click sends column/order and goes back to page 1', async () => {
    const { lastList } = setup();
    await screen.findByText('资产1');
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('资产21');
    await userEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ column: 'name', order: 'asc', pageNo: 1 }));
    await userEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ column: 'name', order: 'desc' }));
  });

  it('encodes the query form: like, dictionary, date range; 重置 clears them', async () => {
    const fields: QueryField[] = [
      { field: 'name', label: '名称', kind: 'input', op: 'like' },
      { field: 'status', label: '状态', kind: 'dict', dictCode: 'asset_status' },
      { field: 'createTime', label: '创建时间', kind: 'dateRange' },
    ];
    const { lastList } = setup({ queryFields: fields, defaultParams: { category: 'house' } });
    await screen.findByText('资产1');
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('资产21');

    const form = screen.getByRole('search');
    await userEvent.type(within(form).getByRole('textbox', { name: '名称' }), '综合楼');
    await pickOption(within(form).getByRole('combobox', { name: '状态' }), '在用');
    await userEvent.click(within(form).getByPlaceholderText('开始日期'));
    await userEvent.type(within(form).getByPlaceholderText('开始日期'), '2024-01-01{enter}');
    await userEvent.type(within(form).getByPlaceholderText('结束日期'), '2024-01-31{enter}');
    await userEvent.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        category: 'house',
        name: '*综合楼*',
        status: '1',
        createTime_begin: '2024-01-01',
        createTime_end: '2024-01-31',
        pageNo: 1,
      }),
    );

    await userEvent.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastList()).not.toHaveProperty('name'));
    expect(lastList()).toMatchObject({ category: 'house', pageNo: 1 });
    expect(lastList()).not.toHaveProperty('status');
    expect(lastList()).not.toHaveProperty('createTime_begin');
  });

  it('folds query fields beyond three behind 展开', async () => {
    const fields: QueryField[] = ['a', 'b', 'c', 'd'].map((f) => ({ field: f, label: `字段${f}`, kind: 'input' }));
    setup({ queryFields: fields });
    await screen.findByText('资产1');
    expect(screen.getByRole('textbox', { name: '字段c' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '字段d' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(screen.getByRole('textbox', { name: '字段d' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('textbox', { name: '字段d' })).not.toBeInTheDocument();
  });

  it('shows 批量操作 and the selection count only for a selection; 清空 clears it', async () => {
    const onSelectionChange = vi.fn();
    setup({ onSelectionChange });
    await screen.findByText('资产1');
    // app-spec §4: remove and clear-selection appear only when rows are selected.
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
    expect(screen.queryByText('清空')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量操作' })).not.toBeInTheDocument();

    await userEvent.click(rowCheckbox('资产1'));
    await userEvent.click(rowCheckbox('资产2'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '批量操作' })).toBeInTheDocument();
    expect(onSelectionChange).toHaveBeenLastCalledWith(['id1', 'id2'], [ALL[0], ALL[1]]);

    await userEvent.click(screen.getByText('清空'));
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量操作' })).not.toBeInTheDocument();
  });

  it('gives every column a width, scrolls sideways and keeps the checkboxes and 操作 fixed', async () => {
    setup({ renderEditor: () => null, actionColumnWidth: 150 });
    await screen.findByText('资产1');
    const cols = [...document.querySelectorAll<HTMLTableColElement>('.ant-table-content colgroup col')];
    const widths = cols.map((c) => parseInt(c.style.width, 10));
    // checkbox, 名称 (text), 状态 (text), 创建时间 (a time), 操作
    expect(widths).toEqual([48, 140, 140, 170, 150]);
    const table = document.querySelector<HTMLTableElement>('.ant-table-content table')!;
    expect(table.style.width).toBe(`${48 + 140 + 140 + 170 + 150}px`);
    const headers = [...document.querySelectorAll<HTMLElement>('thead th')];
    expect(headers[0].className).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(headers.at(-1)!.textContent).toBe('操作');
    expect(headers.at(-1)!.className).toMatch(/ant-table-cell-fix-(right|end)/);
  });

  it('keeps a declared width, never narrower than its header, and cuts long texts with a tooltip', async () => {
    const long = '一段很长很长的资产说明文字，超出列宽时省略';
    setup(
      {
        columns: [
          { title: '资产名称很长的表头', dataIndex: 'name', sorter: true, width: 40 },
          { title: '状态', dataIndex: 'status', valueType: 'dict' },
          { title: '说明', dataIndex: 'remark', valueType: 'longText' },
        ],
      },
      {
        'GET /demo/list': ok({ records: [{ ...ALL[0], remark: long }], total: 1, size: 20, current: 1, pages: 1 }),
      },
    );
    const cell = await screen.findByText(long);
    const widths = [...document.querySelectorAll<HTMLTableColElement>('.ant-table-content colgroup col')].map((c) =>
      parseInt(c.style.width, 10),
    );
    // Nine characters with a sorter need 9 × 15 + 20 + 24 = 179, rounded up to 180; then 删除's 操作 column.
    expect(widths).toEqual([48, 180, 90, 220, 110]);
    const td = cell.closest('td')!;
    expect(td.className).toContain('ant-table-cell-ellipsis');
    // The browser cuts it: the text is wider than its cell.
    Object.defineProperty(td, 'scrollWidth', { configurable: true, value: 400 });
    Object.defineProperty(td, 'clientWidth', { configurable: true, value: 220 });
    await userEvent.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
    // A text that fits gets no tooltip.
    await userEvent.unhover(cell);
    await userEvent.hover(screen.getByText('资产1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip', { name: '资产1' })).not.toBeInTheDocument();
    expect(screen.getAllByText('资产1')).toHaveLength(1);
  });

  it('batch delete asks 确认删除 / 确定要删除这 N 项吗? and sends the ids', async () => {
    const { mock, listCalls } = setup({}, { 'DELETE /demo/deleteBatch': ok(null, '批量删除成功!') });
    await screen.findByText('资产1');
    await userEvent.click(rowCheckbox('资产1'));
    await userEvent.click(rowCheckbox('资产3'));
    await userEvent.hover(screen.getByRole('button', { name: '批量操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除' }));

    expect((await screen.findAllByText(LIST_MESSAGES.deleteTitle))[0]).toBeInTheDocument();
    expect(screen.getAllByText(LIST_MESSAGES.batchDelete(2))[0]).toBeInTheDocument();
    const before = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: '确定' }));

    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    const del = mock.calls.find((c) => c.url === '/demo/deleteBatch')!;
    expect(del.params).toMatchObject({ ids: 'id1,id3' });
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
  });

  it('batch delete without a selection warns 请选择一条记录！', async () => {
    const { ref } = setup();
    await screen.findByText('资产1');
    act(() => ref.current!.batchDelete());
    expect(await screen.findByText(LIST_MESSAGES.selectOne)).toBeInTheDocument();
  });

  it('row delete asks 确认删除 / 是否删除选中数据? and warns with the server message on failure', async () => {
    const { mock } = setup({}, { 'DELETE /demo/delete': fail(400, '该资产已被引用，不能删除') });
    await screen.findByText('资产1');
    await userEvent.click(within(screen.getByText('资产2').closest('tr')!).getByText('删除'));
    expect((await screen.findAllByText(LIST_MESSAGES.deleteContent))[0]).toBeInTheDocument();
    expect(screen.getAllByText(LIST_MESSAGES.deleteTitle)[0]).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('该资产已被引用，不能删除')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(mock.calls.find((c) => c.url === '/demo/delete')!.params).toMatchObject({ id: 'id2' });
  });

  it('shows an error when the list or delete URL is missing', async () => {
    const { ref, mock } = setup({ url: { delete: undefined } });
    expect(await screen.findByText(LIST_MESSAGES.missingUrl)).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/demo/list')).toHaveLength(0);
    act(() => ref.current!.deleteRecord('x'));
    expect(await screen.findByText(LIST_MESSAGES.missingUrlOf('delete'))).toBeInTheDocument();
  });

  it('shows a list answer with code 510 as a warning', async () => {
    setup(
      {},
      {
        'GET /demo/list': {
          status: 200,
          data: { success: false, code: 510, message: '数据权限规则配置有误', result: null, timestamp: 0 },
        },
      },
    );
    expect(await screen.findByText('数据权限规则配置有误')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });

  it('exports the current filters, visible columns and selected rows', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    let fileName = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { mock } = setup(
      {
        exportName: '资产台账',
        queryFields: [{ field: 'name', label: '名称', kind: 'input', op: 'like' }],
      },
      { 'GET /demo/exportXls': { status: 200, data: new Blob(['xlsx']) } },
    );
    await screen.findByText('资产1');
    await userEvent.type(screen.getByRole('textbox', { name: '名称' }), '楼');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await userEvent.click(rowCheckbox('资产2'));
    await userEvent.click(screen.getByRole('button', { name: '导出选中 1 条' }));

    await waitFor(() => expect(fileName).toBe('资产台账.xlsx'));
    const call = mock.calls.find((c) => c.url === '/demo/exportXls')!;
    expect(call.params).toMatchObject({ name: '*楼*', selections: 'id2', field: 'name,status,createTime' });
    expect(call.params).not.toHaveProperty('pageNo');
  });

  it('labels 导出 with what it exports and drops the selection when the query changes', async () => {
    const many = (c: InternalAxiosRequestConfig): MockReply => {
      const reply = page(c);
      (reply.data as { result: { total: number } }).result.total = 9998;
      return reply;
    };
    setup({ queryFields: [{ field: 'name', label: '名称', kind: 'input', op: 'like' }] }, { 'GET /demo/list': many });
    await screen.findByText('资产1');
    expect(screen.getByRole('button', { name: '导出全部 9,998 条' })).toBeInTheDocument();
    await userEvent.click(rowCheckbox('资产1'));
    await userEvent.click(rowCheckbox('资产2'));
    expect(screen.getByRole('button', { name: '导出选中 2 条' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '导出全部 9,998 条' })).toBeInTheDocument());
    expect(screen.queryByText(LIST_PAGE_TEXT.selected(2))).not.toBeInTheDocument();
    expect(rowCheckbox('资产1')).not.toBeChecked();
  });

  it('sends the advanced query as superQueryParams with its match type', async () => {
    const fields: SuperQueryFieldDef[] = [{ field: 'name', title: '名称', type: 'string' }];
    const { lastList } = setup({ superQueryFields: fields });
    await screen.findByText('资产1');
    await userEvent.click(screen.getByRole('button', { name: '高级查询' }));
    const row = await screen.findByTestId('condition-row');
    await pickOption(within(row).getByRole('combobox', { name: '查询字段' }), '名称');
    await userEvent.type(within(row).getByRole('textbox', { name: '查询值' }), '仓库');
    const footer = document.querySelector<HTMLElement>('.ant-modal-footer')!;
    await userEvent.click(within(footer).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        superQueryParams: encodeSuperQuery([{ field: 'name', rule: 'eq', val: '仓库', type: 'string' }]),
        superQueryMatchType: 'and',
        pageNo: 1,
      }),
    );
  });

  it('opens 导入EXCEL from 导入 and reloads the list after an import', async () => {
    const { listCalls } = setup({}, { 'POST /demo/importExcel': ok(null, '导入成功！共 1 条数据') });
    await screen.findByText('资产1');
    await userEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText(IMPORT_MESSAGES.title)).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['x'], 'a.xlsx'));
    const before = listCalls().length;
    const footer = document.querySelector<HTMLElement>('.ant-modal-footer')!;
    await userEvent.click(within(footer).getByRole('button', { name: IMPORT_MESSAGES.start }));
    expect(await screen.findByText('导入成功！共 1 条数据')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('hides the buttons whose permission the user lacks', async () => {
    const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
    useSessionStore.setState({
      auth: [entry('demo:export')],
      allAuth: ['demo:add', 'demo:export', 'demo:import', 'demo:delete'].map(entry),
    });
    setup({
      permissions: { add: 'demo:add', export: 'demo:export', import: 'demo:import', delete: 'demo:delete' },
      renderEditor: () => null,
    });
    await screen.findByText('资产1');
    expect(screen.getByRole('button', { name: /^导出/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导入' })).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
  });

  it('opens the editor for 新增 (no record) and 编辑 (the row), and reloads after saving', async () => {
    const renderEditor = vi.fn(
      ({ open, record, onSaved }: Parameters<NonNullable<ListPageProps<Asset>['renderEditor']>>[0]) =>
        open ? (
          <div role="dialog" aria-label="编辑器">
            <span>{record ? `编辑 ${record.name}` : '新增记录'}</span>
            <button onClick={onSaved}>保存</button>
          </div>
        ) : null,
    );
    const { listCalls } = setup({
      renderEditor,
      rowActions: (record, api) => <a onClick={() => api.reload()}>冻结{record.name}</a>,
    });
    await screen.findByText('资产1');
    // Each save reloads once; waiting for every reload keeps the counts independent of timing.
    const initial = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(screen.getByText('新增记录')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.queryByRole('dialog', { name: '编辑器' })).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBe(initial + 1));
    // The table ignores the pointer while it loads.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

    await userEvent.click(within(screen.getByText('资产3').closest('tr')!).getByText('编辑'));
    expect(screen.getByText('编辑 资产3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(listCalls().length).toBe(initial + 2));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

    // Custom row actions get the api.
    await userEvent.click(screen.getByText('冻结资产4'));
    await waitFor(() => expect(listCalls().length).toBe(initial + 3));
  });

  it('pins the identifying columns on the left (by default the first), the others scroll', async () => {
    setup({ fixedColumns: ['name', 'status'] });
    await screen.findByText('资产1');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('名称').className).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header('状态').className).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header('创建时间').className).not.toMatch(/ant-table-cell-fix/);
  });

  it('pins the first column when the page names none', async () => {
    setup();
    await screen.findByText('资产1');
    expect(screen.getByRole('columnheader', { name: /名称/ }).className).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(screen.getByRole('columnheader', { name: /状态/ }).className).not.toMatch(/ant-table-cell-fix/);
  });

  it('puts a divider only between the row links that are shown', async () => {
    setup({
      renderEditor: () => null,
      rowActions: (record) => (
        <>
          {record.name === '资产1' && <a>冻结</a>}
          {null}
          <a>查看</a>
        </>
      ),
    });
    await screen.findByText('资产1');
    const actions = (name: string) => within(screen.getByText(name).closest('tr')!);
    const dividers = (name: string) => screen.getByText(name).closest('tr')!.querySelectorAll('.ant-divider');
    expect(actions('资产1').getByText('冻结')).toBeInTheDocument();
    expect(dividers('资产1')).toHaveLength(3); // 编辑 | 删除 | 冻结 | 查看
    expect(actions('资产2').queryByText('冻结')).not.toBeInTheDocument();
    expect(dividers('资产2')).toHaveLength(2); // 编辑 | 删除 | 查看
    const cell = screen.getByText('资产2').closest('tr')!.querySelector('.list-page-row-actions')!;
    expect([...cell.children].map((c) => c.textContent || '|').join('')).toBe('编辑|删除|查看');
  });
});

describe('generic list page on a 390 px phone', { timeout: 60_000 }, () => {
  let restoreScreen = () => undefined as void;
  beforeEach(() => {
    restoreScreen = screenWidth(PHONE_WIDTH);
  });
  afterEach(() => restoreScreen());

  const cards = async () => {
    const list = await screen.findByRole('list', { name: '记录' });
    // The cards ignore the pointer while the list loads.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    return within(list).getAllByRole('listitem');
  };
  const card = async (name: string) => (await cards()).find((c) => c.getAttribute('aria-label') === name)!;

  it('folds the query form to its first field behind 筛选, which counts the folded fields in use', async () => {
    const fields: QueryField[] = ['a', 'b', 'c', 'd'].map((f) => ({ field: f, label: `字段${f}`, kind: 'input' }));
    const { lastList } = setup({ queryFields: fields });
    await cards();
    const form = screen.getByRole('search');
    expect(within(form).getByRole('textbox', { name: '字段a' })).toBeVisible();
    for (const hidden of ['字段b', '字段c', '字段d'])
      expect(within(form).queryByRole('textbox', { name: hidden })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: '展开' })).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: '筛选' }));
    expect(within(form).getByRole('textbox', { name: '字段d' })).toBeVisible();
    await userEvent.type(within(form).getByRole('textbox', { name: '字段c' }), '楼');
    await userEvent.click(within(form).getByRole('button', { name: '收起' }));
    // The folded filter still applies, and the button says one is in use.
    expect(within(form).queryByRole('textbox', { name: '字段c' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '筛选(1)' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lastList()).toMatchObject({ c: '楼', pageNo: 1 }));
  });

  it('shows each record as a card with its name, tag, chosen fields and actions instead of the table', async () => {
    const renderEditor = ({ open, record }: Parameters<NonNullable<ListPageProps<Asset>['renderEditor']>>[0]) =>
      open ? <div role="dialog">{`编辑 ${record?.name}`}</div> : null;
    setup({
      renderEditor,
      card: { title: 'name', tag: 'status', fields: ['createTime'] },
      rowActions: (record) => <>{record.name === '资产1' && <a>冻结</a>}</>,
    });
    expect(await cards()).toHaveLength(20);
    expect(document.querySelector('.ant-table')).toBeNull();

    const first = await card('资产1');
    expect(within(first).getByText('资产1')).toBeInTheDocument();
    expect(within(first).getByText('在用')).toBeInTheDocument();
    expect(within(first).getByText('创建时间：')).toBeInTheDocument();
    expect(within(first).getByText('2024-01-01 10:00:00')).toBeInTheDocument();
    expect(within(first).getByText('编辑')).toBeInTheDocument();
    expect(within(first).getByText('删除')).toBeInTheDocument();
    expect(within(first).getByText('冻结')).toBeInTheDocument();
    const second = await card('资产2');
    expect(within(second).queryByText('冻结')).not.toBeInTheDocument();
    expect(second.querySelectorAll('.ant-divider')).toHaveLength(1);

    await userEvent.click(within(await card('资产3')).getByText('编辑'));
    expect(screen.getByRole('dialog')).toHaveTextContent('编辑 资产3');

    await userEvent.click(within(first).getByRole('checkbox', { name: '选择 资产1' }));
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出选中 1 条' })).toBeInTheDocument();
  });

  it('asks before deleting from a card and sends its id', async () => {
    const { mock } = setup({}, { 'DELETE /demo/delete': ok(null, '删除成功!') });
    await userEvent.click(within(await card('资产2')).getByText('删除'));
    expect((await screen.findAllByText(LIST_MESSAGES.deleteContent))[0]).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/demo/delete')!.params).toMatchObject({ id: 'id2' });
  });

  it('falls back to the first columns and pages the cards with a simple pager', async () => {
    const { lastList } = setup();
    const first = await card('资产1');
    // Title 名称, then 状态 and 创建时间.
    expect(within(first).getByText('状态：')).toBeInTheDocument();
    expect(within(first).getByText('创建时间：')).toBeInTheDocument();
    expect(screen.getByText('第 1-20 条 / 共 45 条')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastList()).toMatchObject({ pageNo: 2, pageSize: 20 }));
    expect(await card('资产21')).toBeInTheDocument();
    expect(screen.getByText('第 21-40 条 / 共 45 条')).toBeInTheDocument();
  });

  it('keeps the table for a tree list, with the title column and 操作 only', async () => {
    setup({ renderEditor: () => null, treeRows: (records) => records });
    await screen.findByText('资产1');
    expect(screen.queryByRole('list', { name: '记录' })).not.toBeInTheDocument();
    const headers = [...document.querySelectorAll<HTMLElement>('thead th')].map((th) => th.textContent);
    expect(headers.filter(Boolean)).toEqual(['名称', '操作']);
    expect(within(screen.getByText('资产1').closest('tr')!).getByText('编辑')).toBeInTheDocument();
  });
});
