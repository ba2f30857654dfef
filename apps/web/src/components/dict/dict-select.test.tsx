import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DICT_CACHE_TTL_MS, STORAGE_KEYS } from '@district/shared';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DictMultiSelect } from './dict-multi-select';
import { DictSelect } from './dict-select';
import { DictText } from './dict-text';

const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
const PRIORITY = [
  { value: 'L', text: '一般消息' },
  { value: 'M', title: '重要消息' },
  { value: 'H', label: '紧急消息' },
];

let restore = () => undefined as void;
function serve(routes: Parameters<typeof mockHttp>[0]) {
  const http = mockHttp(routes);
  restore = http.restore;
  return http;
}
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const dictCalls = (calls: { url?: string }[]) => calls.filter((c) => c.url?.startsWith('/sys/dict/'));

async function openSelect() {
  await userEvent.click(screen.getByRole('combobox'));
}

describe('<DictSelect>', () => {
  it('shows 字典Code不能为空! and asks nothing when the code is empty', () => {
    const http = serve({});
    renderWithApp(<DictSelect dictCode="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('字典Code不能为空!');
    expect(dictCalls(http.calls)).toHaveLength(0);
  });

  it('loads the options from getDictItems and emits the chosen value as a string', async () => {
    const http = serve({ 'GET /sys/dict/getDictItems/sex': ok(SEX) });
    const onChange = vi.fn();
    renderWithApp(<DictSelect dictCode="sex" onChange={onChange} />);
    await openSelect();
    await userEvent.click(await screen.findByTitle('女'));
    expect(onChange).toHaveBeenCalledWith('2', expect.objectContaining({ value: '2', text: '女' }));
    // Dictionary item lookups carry no cache-busting stamp.
    expect(http.calls[0]?.params).toBeUndefined();
  });

  it('shows the label of a numeric value and reads text, title or label of an item', async () => {
    serve({ 'GET /sys/dict/getDictItems/priority': ok(PRIORITY), 'GET /sys/dict/getDictItems/sex': ok(SEX) });
    renderWithApp(
      <>
        <DictSelect dictCode="sex" value={1} />
        <DictSelect dictCode="priority" type="radio" value="M" />
      </>,
    );
    expect(await screen.findByTitle('男')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '重要消息' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '紧急消息' })).not.toBeChecked();
  });

  it('uses the local 7-day cache before the server', async () => {
    localStore.set(STORAGE_KEYS.dictCache, { sex: SEX }, DICT_CACHE_TTL_MS);
    const http = serve({});
    renderWithApp(<DictSelect dictCode="sex" type="radioButton" value="2" />);
    expect(await screen.findByRole('radio', { name: '女' })).toBeChecked();
    expect(dictCalls(http.calls)).toHaveLength(0);
  });

  it('loads a table dictionary through loadDict', async () => {
    const http = serve({
      'GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername': ok([{ value: 'staff', text: '张三' }]),
    });
    renderWithApp(<DictSelect dictCode="sys_user,realname,username" type="radio" />);
    expect(await screen.findByRole('radio', { name: '张三' })).toBeInTheDocument();
    expect(http.calls[0]?.params).toMatchObject({ pageSize: 1000 });
  });

  it('emits checkbox choices joined with commas', async () => {
    serve({ 'GET /sys/dict/getDictItems/priority': ok(PRIORITY) });
    const onChange = vi.fn();
    renderWithApp(<DictSelect dictCode="priority" type="checkbox" value="L" onChange={onChange} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: '紧急消息' }));
    expect(onChange).toHaveBeenCalledWith('L,H');
  });

  it('logs a load failure to the console only', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ 'GET /sys/dict/getDictItems/sex': fail(500, '字典服务不可用') });
    renderWithApp(<DictSelect dictCode="sex" type="radio" />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('字典服务不可用')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});

describe('<DictMultiSelect>', () => {
  it('shows 字典Code不能为空! for an empty code', () => {
    serve({});
    renderWithApp(<DictMultiSelect dictCode={undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('字典Code不能为空!');
  });

  it('shows the joined value as tags and emits the choices joined with a comma', async () => {
    serve({ 'GET /sys/dict/getDictItems/priority': ok(PRIORITY) });
    const onChange = vi.fn();
    renderWithApp(<DictMultiSelect dictCode="priority" value="L,M" onChange={onChange} />);
    expect(await screen.findByText('一般消息')).toBeInTheDocument();
    expect(screen.getByText('重要消息')).toBeInTheDocument();
    await openSelect();
    await userEvent.click(await screen.findByTitle('紧急消息'));
    expect(onChange).toHaveBeenLastCalledWith('L,M,H');
  });

  it('honours another separator and the checkbox form', async () => {
    serve({ 'GET /sys/dict/getDictItems/priority': ok(PRIORITY) });
    const onChange = vi.fn();
    renderWithApp(<DictMultiSelect dictCode="priority" type="checkbox" separator="|" value="M" onChange={onChange} />);
    expect(await screen.findByRole('checkbox', { name: '重要消息' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '一般消息' }));
    expect(onChange).toHaveBeenLastCalledWith('L|M');
    await userEvent.click(screen.getByRole('checkbox', { name: '重要消息' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('<DictText>', () => {
  it('renders the labels of one or several values, unknown values as they are', async () => {
    serve({ 'GET /sys/dict/getDictItems/sex': ok(SEX) });
    renderWithApp(
      <>
        <DictText dictCode="sex" value={2} />
        <DictText dictCode="sex" value="1,2,9" />
      </>,
    );
    expect(await screen.findByText('女')).toBeInTheDocument();
    expect(await screen.findByText('男,女,9')).toBeInTheDocument();
  });

  it('asks loadDictItem for the labels of a table dictionary', async () => {
    const http = serve({
      'GET /sys/dict/loadDictItem/sys_user%2Crealname%2Cusername': ok('张三,系统管理员'),
    });
    renderWithApp(<DictText dictCode="sys_user,realname,username" value="staff,admin" />);
    expect(await screen.findByText('张三,系统管理员')).toBeInTheDocument();
    expect(http.calls[0]?.params).toMatchObject({ key: 'staff,admin' });
  });
});
