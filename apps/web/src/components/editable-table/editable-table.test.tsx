import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { EditableTable, type EditableTableProps } from './editable-table';
import type { EditableColumn, EditableTableApi } from './editable-table-types';
import { resetColumnOptions } from './table-context';

let restoreHttp = () => undefined as void;
afterEach(() => {
  restoreHttp();
  restoreHttp = () => undefined;
  resetColumnOptions();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const COLUMNS: EditableColumn[] = [
  {
    key: 'name',
    title: '名称',
    type: 'input',
    validateRules: [{ required: true, message: '请输入${title}' }, { unique: true }],
  },
  { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm', message: '手机号格式不正确' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', defaultValue: 1, statistics: 'sum' },
  { key: 'memo', title: '备注', type: 'normal' },
];

function rowsOf(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    id: `r${i + from}`,
    name: `名称${i + from}`,
    phone: '',
    qty: i + from,
  }));
}

function setup(props: Partial<EditableTableProps> = {}) {
  const ref = createRef<EditableTableApi>();
  const view = renderWithApp(<EditableTable ref={ref} columns={COLUMNS} dataSource={rowsOf(3)} {...props} />);
  const api = () => ref.current!;
  const row = (id: string) => view.container.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
  const cell = (id: string, key: string) => row(id).querySelector(`[data-key="${key}"]`) as HTMLElement;
  return { ...view, api, row, cell, user: userEvent.setup() };
}

describe('<EditableTable> editing', () => {
  it('shows text until a cell is clicked, then an editor; a click outside turns it back', async () => {
    const { cell, user } = setup();
    expect(within(cell('r1', 'name')).queryByRole('textbox')).toBeNull();
    expect(cell('r1', 'name')).toHaveTextContent('名称1');
    await user.click(cell('r1', 'name'));
    const input = within(cell('r1', 'name')).getByRole('textbox');
    expect(input).toHaveValue('名称1');
    expect(input).toHaveFocus();
    await user.click(document.body);
    expect(within(cell('r1', 'name')).queryByRole('textbox')).toBeNull();
    // A normal column is never edited.
    await user.click(cell('r1', 'memo'));
    expect(within(cell('r1', 'memo')).queryByRole('textbox')).toBeNull();
  });

  it('shows editors in every visible cell with alwaysEdit', () => {
    const { cell } = setup({ alwaysEdit: true });
    expect(within(cell('r2', 'name')).getByRole('textbox')).toHaveValue('名称2');
    expect(within(cell('r3', 'phone')).getByRole('textbox')).toHaveAttribute('placeholder', '请输入手机');
  });

  it('validates on input and shows the first failing message in a tooltip on the cell', async () => {
    const { cell, user } = setup();
    await user.click(cell('r1', 'name'));
    await user.clear(within(cell('r1', 'name')).getByRole('textbox'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('请输入名称');
    expect(cell('r1', 'name')).toHaveAttribute('aria-invalid', 'true');
    // Unique comes next in the rule order.
    await user.type(within(cell('r1', 'name')).getByRole('textbox'), '名称2');
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('名称不能重复'));
    await user.type(within(cell('r1', 'name')).getByRole('textbox'), 'X');
    await waitFor(() => expect(cell('r1', 'name')).not.toHaveAttribute('aria-invalid'));
  });

  it('validates on blur after 100 ms', async () => {
    const { cell, api } = setup({ alwaysEdit: true });
    act(() => api().setValues([{ rowKey: 'r2', values: { phone: '123' } }]));
    // setValues alone does not validate a clean cell; the blur does, 100 ms later.
    vi.useFakeTimers();
    const input = within(cell('r2', 'phone')).getByRole('textbox');
    fireEvent.blur(input);
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(cell('r2', 'phone')).not.toHaveAttribute('aria-invalid');
    await act(async () => vi.advanceTimersByTimeAsync(60));
    expect(cell('r2', 'phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('getValues validates everything and answers the error count and the rows', async () => {
    const { api, cell } = setup({ dragSort: true });
    let ids: string[] = [];
    act(() => {
      ids = api().add({ name: '名称1', phone: '1234' });
    });
    const result = await act(async () => api().getValues());
    // The new row repeats 名称1 (both rows fail unique) and has a bad phone.
    expect(result.error).toBe(3);
    expect(cell('r1', 'name')).toHaveAttribute('aria-invalid', 'true');
    const added = result.values[3]!;
    expect(ids[0]).toMatch(/^tmp_/);
    expect(added.id).toBe(ids[0]!.slice(4));
    expect(added.qty).toBe(1);
    expect(result.values.map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
    act(() => api().remove(ids));
    expect((await act(async () => api().validate())).error).toBe(0);
  });
});

describe('<EditableTable> number and tags cells', () => {
  it('reverts invalid number input and converts on blur', async () => {
    const { cell, user } = setup();
    await user.click(cell('r1', 'qty'));
    const input = within(cell('r1', 'qty')).getByRole('textbox');
    await user.clear(input);
    await user.type(input, '-1a2.5x0');
    expect(input).toHaveValue('-12.50');
    fireEvent.blur(input);
    await waitFor(() =>
      expect(within(cell('r1', 'qty')).getByRole('textbox')).toHaveValue('12.5'.replace('12', '-12')),
    );
    await user.clear(input);
    await user.type(input, '-');
    fireEvent.blur(input);
    await waitFor(() => expect(within(cell('r1', 'qty')).getByRole('textbox')).toHaveValue(''));
  });

  it('formats a tags cell with a semicolon after every 2 characters', async () => {
    const { cell, user } = setup({
      columns: [{ key: 'tags', title: '标签', type: 'tags' }],
      dataSource: [{ id: 't1', tags: '' }],
    });
    await user.click(cell('t1', 'tags'));
    await user.type(within(cell('t1', 'tags')).getByRole('textbox'), 'ab;cde');
    expect(within(cell('t1', 'tags')).getByRole('textbox')).toHaveValue('ab;cd;e');
  });
});

describe('<EditableTable> rows', () => {
  it('adds at the end, throttles a second insert within 1500 ms', async () => {
    const { api, user, container } = setup({ actionButton: true });
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(api().getData()).toHaveLength(4);
    expect(container.querySelector('.et-cell--active input')).toHaveAttribute('placeholder', '请输入名称');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('你点击的太快了，请慢点点击!')).toBeInTheDocument();
    expect(api().getData()).toHaveLength(4);
  });

  it('inserts below a row (throttled too), moves up and down with the end rules, deletes', async () => {
    const { api, user, row } = setup({ rowActions: true });
    await user.click(within(row('r1')).getByRole('button', { name: '在下方插入' }));
    expect(
      api()
        .getData()
        .map((r) => r.name),
    ).toEqual(['名称1', '', '名称2', '名称3']);
    await user.click(within(row('r2')).getByRole('button', { name: '在下方插入' }));
    expect(await screen.findByText('你点击的太快了，请慢点点击!')).toBeInTheDocument();

    expect(within(row('r1')).getByRole('button', { name: '上移' })).toBeDisabled();
    expect(within(row('r3')).getByRole('button', { name: '下移' })).toBeDisabled();
    await user.click(within(row('r3')).getByRole('button', { name: '上移' }));
    expect(
      api()
        .getData()
        .map((r) => r.id)[3],
    ).toBe('r2');
    expect(within(row('r2')).getByRole('button', { name: '下移' })).toBeDisabled();

    await new Promise((r) => setTimeout(r, 320));
    await user.click(within(row('r2')).getByRole('button', { name: '删除' }));
    expect(api().getDeleteIds()).toEqual(['r2']);
  });

  it('tracks only persisted ids as deleted and throws on a wrong remove argument', () => {
    const { api } = setup();
    let ids: string[] = [];
    act(() => {
      ids = api().add([{ name: 'a' }, { name: 'b' }]);
    });
    act(() => api().remove([ids[0]!, 'r1']));
    expect(api().getDeleteIds()).toEqual(['r1']);
    expect(() => api().remove('r2' as unknown as string[])).toThrow(TypeError);
    expect(() => api().remove([1] as unknown as string[])).toThrow('remove 的参数必须是行 id 组成的字符串数组');
  });

  it('sorts by drag and numbers orderNum from 1', async () => {
    const { api, row } = setup({ dragSort: true });
    const handle = within(row('r3')).getByRole('button', { name: '拖动第3行' });
    fireEvent.dragStart(handle, { dataTransfer: { setData: () => undefined, effectAllowed: '' } });
    fireEvent.dragOver(row('r1'));
    fireEvent.drop(row('r1'));
    const data = api().getData();
    expect(data.map((r) => r.id)).toEqual(['r3', 'r1', 'r2']);
    expect(data.map((r) => r.orderNum)).toEqual([1, 2, 3]);
  });

  it('refuses an unrecognised data shape with 返回数据类型不识别', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => setup({ dataSource: 'rows' })).toThrow('返回数据类型不识别');
    const { api } = setup({ dataSource: { records: rowsOf(2) } });
    expect(api().getData()).toHaveLength(2);
    expect(() => api().setData(42)).toThrow('返回数据类型不识别');
  });

  it('cuts row keys to 50 characters', () => {
    const { api } = setup({ dataSource: [{ id: 'k'.repeat(70), name: 'x' }] });
    expect(api().getData()[0]!.id).toBe('k'.repeat(50));
  });

  it('applies a peer row change and setValues', () => {
    const { api, cell } = setup();
    act(() => {
      expect(api().applyRemoteRow('r2', { id: 'r2', name: '远端修改' })).toBe(true);
    });
    expect(cell('r2', 'name')).toHaveTextContent('远端修改');
    expect(api().applyRemoteRow('nope', { name: 'x' })).toBe(false);
    act(() => api().setValues([{ rowKey: 'r3', values: { memo: '备注3' } }]));
    expect(cell('r3', 'memo')).toHaveTextContent('备注3');
  });
});

describe('<EditableTable> selection', () => {
  it('selects all, shows indeterminate, skips disabled rows, shows remove/clear only with a selection', async () => {
    const onSelectionChange = vi.fn();
    const { api, user, row } = setup({
      rowSelection: true,
      actionButton: true,
      disabledRows: { id: 'r2' },
      onSelectionChange,
    });
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /清空选择/ })).toBeNull();
    expect(within(row('r2')).getByRole('checkbox')).toBeDisabled();

    await user.click(within(row('r1')).getByRole('checkbox'));
    const all = screen.getByRole('checkbox', { name: '全选' });
    expect(all.closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /清空选择/ })).toBeInTheDocument();
    expect(onSelectionChange).toHaveBeenLastCalledWith(['r1']);

    await user.click(all);
    expect(api().getSelection()).toEqual(['r1', 'r3']);
    expect(all).toBeChecked();

    await user.click(screen.getByRole('button', { name: /清空选择/ }));
    expect(api().getSelection()).toEqual([]);
    expect(screen.queryByRole('button', { name: /清空选择/ })).toBeNull();

    act(() => api().setSelection(['r3']));
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(
      api()
        .getData()
        .map((r) => r.id),
    ).toEqual(['r1', 'r2']);
    expect(api().getDeleteIds()).toEqual(['r3']);
  });

  it('hides toolbar buttons the permission prefix does not grant', () => {
    setup({ actionButton: true, authPre: 'demo:order' });
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});

describe('<EditableTable> scale', () => {
  it('renders a window of about 9 rows out of 100,000 and selects 1,000 rows fast', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => ({ id: `b${i}`, name: `n${i}`, qty: 1 }));
    const { container, api } = setup({ dataSource: big, rowSelection: true });
    const rendered = container.querySelectorAll('.et-row:not(.et-row--statistics)').length;
    expect(rendered).toBeGreaterThanOrEqual(6);
    expect(rendered).toBeLessThanOrEqual(10);
    const started = performance.now();
    act(() => api().setSelection(big.slice(0, 1000).map((r) => r.id)));
    expect(api().getSelection()).toHaveLength(1000);
    expect(performance.now() - started).toBeLessThan(500);
    expect(container.querySelector('[data-statistic="sum-qty"]')).toHaveTextContent('100000');
  });
});

describe('<EditableTable> light rows', () => {
  it('mounts no antd widget in rows until a cell is edited, and paints row icons from the antd shapes', async () => {
    const { container, row, cell, user } = setup({
      columns: [...COLUMNS, { key: 'on', title: '启用', type: 'checkbox' }],
      rowSelection: true,
      dragSort: true,
      rowActions: true,
    });
    const rows = [...container.querySelectorAll('.et-row[data-row-id]')];
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.querySelector('[class*="ant-"]')).toBeNull();
    expect(within(row('r1')).getByRole('checkbox', { name: '选择第1行' })).not.toBeChecked();
    expect(within(row('r1')).getByRole('button', { name: '删除' }).querySelector('.et-icon--remove')).not.toBeNull();
    const root = container.querySelector('.et') as HTMLElement;
    expect(root.style.getPropertyValue('--et-icon-remove')).toMatch(/^url\("data:image\/svg\+xml,/);

    await user.click(cell('r1', 'name'));
    expect(cell('r1', 'name').querySelector('.ant-input')).not.toBeNull();
    expect(cell('r2', 'name').querySelector('[class*="ant-"]')).toBeNull();
  });
});

describe('<EditableTable> statistics, options and special cells', () => {
  it('shows the statistics row only with rows, and - when the sum fails', () => {
    const { container, api } = setup();
    expect(container.querySelector('[data-statistic="sum-qty"]')).toHaveTextContent('6');
    act(() => api().setValues([{ rowKey: 'r1', values: { qty: 'x' } }]));
    expect(container.querySelector('[data-statistic="sum-qty"]')).toHaveTextContent('-');
    act(() => api().setData([]));
    expect(container.querySelector('[data-statistic="sum-qty"]')).toBeNull();
  });

  it('loads select options from a dictionary and shows their text', async () => {
    const http = mockHttp({
      'GET /sys/dict/getDictItems/sex': ok([
        { value: '1', text: '男', title: '男', label: '男' },
        { value: '2', text: '女', title: '女', label: '女' },
      ]),
    });
    restoreHttp = http.restore;
    const { cell } = setup({
      columns: [{ key: 'sex', title: '性别', type: 'select', dictCode: 'sex' }],
      dataSource: [{ id: 's1', sex: '2' }],
    });
    await waitFor(() => expect(cell('s1', 'sex')).toHaveTextContent('女'));
  });

  it('shows checkbox custom values and default checked state', async () => {
    const { api, user, cell } = setup({
      columns: [{ key: 'on', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true }],
      dataSource: [],
    });
    let id = '';
    act(() => {
      id = api().add()[0]!;
    });
    expect(api().getData()[0]!.on).toBe('Y');
    await user.click(within(cell(id, 'on')).getByRole('checkbox'));
    expect(api().getData()[0]!.on).toBe('N');
  });

  it('refuses a non-image file in an image cell and warns 未知的文件 on an empty file download', async () => {
    const { cell } = setup({
      columns: [
        { key: 'pic', title: '图片', type: 'image' },
        { key: 'doc', title: '附件', type: 'file' },
      ],
      dataSource: [{ id: 'u1', pic: '', doc: '' }],
    });
    const input = cell('u1', 'pic').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('请上传图片格式的文件')).toBeInTheDocument();
    fireEvent.click(within(cell('u1', 'doc')).getByRole('button', { name: '下载' }));
    expect(await screen.findByText('未知的文件')).toBeInTheDocument();
  });

  it('stores the uploaded path, and shows 上传出错 with the server message on failure', async () => {
    let answer = ok(null, 'temp/a.png');
    const http = mockHttp({ 'POST /sys/common/upload': () => answer });
    restoreHttp = http.restore;
    const { cell, api } = setup({
      columns: [{ key: 'pic', title: '图片', type: 'image' }],
      dataSource: [{ id: 'u1', pic: '' }],
    });
    const pick = () =>
      fireEvent.change(cell('u1', 'pic').querySelector('input[type=file]') as HTMLInputElement, {
        target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
      });
    pick();
    await waitFor(() => expect(api().getData()[0]!.pic).toMatchObject({ status: 'done', path: 'temp/a.png' }));
    answer = fail(400, '文件太大');
    act(() => api().setValues([{ rowKey: 'u1', values: { pic: '' } }]));
    pick();
    expect(await screen.findByText('错误信息：文件太大')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('上传出错');
    expect(api().getData()[0]!.pic).toMatchObject({ status: 'error', message: '文件太大' });
  });

  it('renders slot cells and hides hidden columns while keeping their values', () => {
    const { cell, api, container } = setup({
      columns: [
        { key: 'secret', title: '隐藏', type: 'hidden', defaultValue: 'h' },
        { key: 'act', title: '自定义', type: 'slot', slotName: 'act' },
      ],
      slots: { act: ({ rowIndex, value }) => <b>{`第${rowIndex + 1}行:${String(value)}`}</b> },
      dataSource: [{ id: 'x1', act: 'v' }],
    });
    expect(cell('x1', 'act')).toHaveTextContent('第1行:v');
    expect(container.querySelector('[data-key="secret"]')).toBeNull();
    act(() => {
      api().add();
    });
    expect(api().getData()[1]!.secret).toBe('h');
  });

  it('opens a sub-table, and fails after 3 retries with 打开子表失败', async () => {
    const { api, user, row } = setup({ subTable: (r) => <div>子表内容 {String(r.name)}</div> });
    await user.click(within(row('r2')).getByRole('button', { name: '展开子表' }));
    expect(await screen.findByRole('dialog', { name: '子表' })).toHaveTextContent('子表内容 名称2');
    act(() => api().openSubTable('missing'));
    expect(await screen.findByText('打开子表失败')).toBeInTheDocument();
  });
});
