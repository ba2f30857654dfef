import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { POPUP_MESSAGES, type PopupReportColumns, type PopupReportQueryItem } from '@district/shared';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { clearPopupReportCache } from './popup-report-api';
import { PopupPicker, popupConfigError, popupValues } from './popup-picker';
import { popupSelectionError } from './popup-report-modal';

const COLUMNS: PopupReportColumns = {
  cgRpConfigId: 'cfg1',
  cgRpConfigName: '用户选择',
  columns: [
    { field: 'username', title: '用户账号', sortable: true },
    { field: 'realname', title: '用户姓名' },
    { field: 'sex', title: '性别', dictCode: 'sex' },
  ],
  dictOptions: {
    sex: [
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ],
  },
};
const QUERY: PopupReportQueryItem[] = [
  { field: 'username', title: '用户账号', mode: 'single' },
  { field: 'sex', title: '性别', mode: 'single', hidden: '1', dictCode: 'sex' },
];
const USERS = [
  { id: 'u1', username: 'admin', realname: '系统管理员', sex: 1 },
  { id: 'u2', username: 'staff', realname: '张三', sex: 2 },
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  clearPopupReportCache();
  vi.restoreAllMocks();
});

function serve(overrides: Record<string, ReturnType<typeof ok>> = {}) {
  const http = mockHttp({
    'GET /online/cgreport/api/getRpColumns/sys_user_report': ok(COLUMNS),
    'GET /online/cgreport/api/getQueryInfo/cfg1': ok(QUERY),
    'GET /online/cgreport/api/getData/cfg1': (config: InternalAxiosRequestConfig) => {
      const params = config.params as Record<string, string>;
      const records = USERS.filter((u) => !params.username || u.username.includes(params.username));
      return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
    },
    ...overrides,
  });
  restore = http.restore;
  return http;
}

const dataCalls = (http: ReturnType<typeof serve>) =>
  http.calls
    .filter((c) => c.url === '/online/cgreport/api/getData/cfg1')
    .map((c) => c.params as Record<string, unknown>);

function renderPicker(props: Partial<Parameters<typeof PopupPicker>[0]> = {}) {
  const onPick = vi.fn();
  renderWithApp(
    <PopupPicker
      code="sys_user_report"
      orgFields="username,realname"
      destFields="account,name"
      onPick={onPick}
      {...props}
    />,
  );
  return { onPick };
}

async function openDialog() {
  fireEvent.click(document.querySelector('input.ant-input, .popup-picker input')!);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('张三');
  return dialog;
}

describe('popup configuration', () => {
  it('needs code, orgFields and destFields with the same number of fields', () => {
    expect(popupConfigError('', 'a', 'b')).toBe('popup参数未正确配置!');
    expect(popupConfigError('r', undefined, 'b')).toBe(POPUP_MESSAGES.badConfig);
    expect(popupConfigError('r', 'a', '')).toBe(POPUP_MESSAGES.badConfig);
    expect(popupConfigError('r', 'a,b', 'x')).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(popupConfigError('r', 'a,b', 'x,y')).toBeNull();
  });

  it('shows popup参数未正确配置! and opens nothing when a setting is missing', async () => {
    const http = serve();
    renderPicker({ code: undefined });
    expect(await screen.findByText('popup参数未正确配置!', { selector: '.ant-message *' })).toBeInTheDocument();
    fireEvent.click(document.querySelector('.popup-picker-invalid')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(http.calls).toHaveLength(0);
  });

  it('shows the count mismatch message when the field lists differ', async () => {
    serve();
    renderPicker({ destFields: 'account' });
    expect(
      await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!', { selector: '.ant-message *' }),
    ).toBeInTheDocument();
  });
});

describe('popup report modal', () => {
  it('opens 1200 wide with the report’s name, columns and dictionary texts, 10 rows a page', async () => {
    const http = serve();
    renderPicker();
    const dialog = await openDialog();
    expect(within(dialog).getByText('用户选择')).toBeInTheDocument();
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '1200px' });
    expect(within(dialog).getByText('女')).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: /用户账号/ })).toBeInTheDocument();
    expect(dataCalls(http)[0]).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('warns 请选择一条记录 when confirmed with nothing chosen', async () => {
    serve();
    const { onPick } = renderPicker();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择一条记录')).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses more than one record in single mode', () => {
    expect(popupSelectionError(0, false)).toBe('请选择一条记录');
    expect(popupSelectionError(2, false)).toBe('请选择一条记录');
    expect(popupSelectionError(1, false)).toBeNull();
    expect(popupSelectionError(2, true)).toBeNull();
    expect(popupSelectionError(0, true)).toBe(POPUP_MESSAGES.selectOne);
  });

  it('copies orgFields of the chosen record into destFields of the form', async () => {
    serve();
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Host() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="account" label="账号">
            <PopupPicker
              code="sys_user_report"
              orgFields="username,realname"
              destFields="account,name"
              onPick={(values) => f.setFieldsValue(values)}
            />
          </Form.Item>
          <Form.Item name="name" label="姓名">
            <input />
          </Form.Item>
        </Form>
      );
    }
    renderWithApp(<Host />);
    const dialog = await openDialog();
    // In single mode a second row replaces the first.
    await userEvent.click(within(dialog).getByText('系统管理员'));
    await userEvent.click(within(dialog).getByText('张三'));
    expect(within(dialog).getByText(/已选择/)).toHaveTextContent('已选择 1 项');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(form!.getFieldsValue()).toEqual({ account: 'staff', name: '张三' }));
    expect(screen.getByLabelText('账号')).toHaveValue('staff');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('joins several records’ values with commas in multi mode', async () => {
    serve();
    const { onPick } = renderPicker({ multi: true });
    const dialog = await openDialog();
    const boxes = within(dialog).getAllByRole('checkbox');
    // The first box selects the page.
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0]).toEqual({ account: 'admin,staff', name: '系统管理员,张三' });
    expect(popupValues([], 'a,b', 'x,y')).toEqual({ x: '', y: '' });
  });

  it('queries with the form, shows hidden items once expanded, and sends dynamic params as self_', async () => {
    const http = serve();
    renderPicker({ param: { orgCode: 'A01' } });
    const dialog = await openDialog();
    expect(dataCalls(http)[0]).toMatchObject({ self_orgCode: 'A01' });
    expect(within(dialog).queryByLabelText('性别')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '展开' }));
    expect(within(dialog).getByLabelText('性别')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByPlaceholderText('请输入用户账号'), 'sta');
    await userEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('系统管理员')).toBeNull());
    expect(dataCalls(http).at(-1)).toMatchObject({ username: 'sta', self_orgCode: 'A01', pageNo: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    expect(await within(dialog).findByText('系统管理员')).toBeInTheDocument();
    expect(dataCalls(http).at(-1)).not.toHaveProperty('username');
  });

  it('sorts by a sortable column through column and order', async () => {
    const http = serve();
    renderPicker();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('columnheader', { name: /用户账号/ }));
    await waitFor(() => expect(dataCalls(http).at(-1)).toMatchObject({ column: 'username', order: 'asc' }));
  });

  it('keeps the report configuration 30 s', async () => {
    const http = serve();
    renderPicker();
    const columnCalls = () => http.calls.filter((c) => c.url?.includes('getRpColumns')).length;
    let dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    expect(columnCalls()).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_001);
    await openDialog();
    expect(columnCalls()).toBe(2);
  });

  it('shows the server’s message when the report cannot be loaded', async () => {
    serve({ 'GET /online/cgreport/api/getRpColumns/sys_user_report': fail(404, '未找到popup报表：sys_user_report') });
    renderPicker();
    fireEvent.click(document.querySelector('.popup-picker input')!);
    expect(await screen.findByText('未找到popup报表：sys_user_report')).toBeInTheDocument();
  });
});
