import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { BizSelect } from './biz-select';
import { BizSelectModal, type BizRow } from './biz-select-modal';

const PEOPLE = Array.from({ length: 7 }, (_, i) => ({
  id: `u${i + 1}`,
  realname: `人员${i + 1}`,
  phone: `1380000000${i}`,
}));
const COLUMNS = [
  { dataIndex: 'realname', title: '姓名' },
  { dataIndex: 'phone', title: '电话' },
];

let restore = () => undefined as void;
afterEach(() => restore());

function serve(list?: MockReply | ((c: InternalAxiosRequestConfig) => MockReply)) {
  const http = mockHttp({
    'GET /demo/list':
      list ??
      ((c) => {
        const p = c.params as Record<string, string>;
        let rows = PEOPLE;
        if (p.realname) rows = rows.filter((r) => r.realname.includes(p.realname!.replace(/\*/g, '')));
        if (p.id) rows = rows.filter((r) => p.id!.split(',').includes(r.id));
        const size = Number(p.pageSize);
        const current = Number(p.pageNo);
        return ok({
          records: rows.slice((current - 1) * size, current * size),
          total: rows.length,
          size,
          current,
          pages: Math.ceil(rows.length / size),
        });
      }),
  });
  restore = http.restore;
  return http;
}

const listCalls = (http: ReturnType<typeof serve>) =>
  http.calls.filter((c) => c.url === '/demo/list').map((c) => c.params as Record<string, unknown>);

function renderModal(props: Partial<Parameters<typeof BizSelectModal>[0]> = {}) {
  const onOk = vi.fn<(rows: BizRow[]) => void>();
  renderWithApp(
    <BizSelectModal
      open
      title="选择人员"
      listUrl="/demo/list"
      columns={COLUMNS}
      displayKey="realname"
      queryParamText="姓名"
      onOk={onOk}
      onCancel={() => undefined}
      {...props}
    />,
  );
  return { onOk };
}

describe('business select modal', () => {
  it('is 900 wide and lists 5 records a page (5, 10, 20, 30)', async () => {
    const http = serve();
    renderModal();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('人员1');
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '900px' });
    expect(listCalls(http)[0]).toMatchObject({ pageNo: 1, pageSize: 5 });
    expect(within(dialog).queryByText('人员6')).toBeNull();
    expect(within(dialog).getByText('5 条/页')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByText('5 条/页'));
    for (const size of ['10 条/页', '20 条/页', '30 条/页']) expect(await screen.findByTitle(size)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTitle('2'));
    expect(await within(dialog).findByText('人员6')).toBeInTheDocument();
    expect(listCalls(http).at(-1)).toMatchObject({ pageNo: 2, pageSize: 5 });
  });

  it('searches with a contains filter on the search field', async () => {
    const http = serve();
    renderModal();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入姓名'), '员7');
    await userEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('人员1')).toBeNull());
    expect(within(dialog).getByText('人员7')).toBeInTheDocument();
    expect(listCalls(http).at(-1)).toMatchObject({ realname: '*员7*', pageNo: 1 });
  });

  it('shows chosen records as tags, removable, and hands them over on confirm', async () => {
    serve();
    const { onOk } = renderModal({ selected: [PEOPLE[6]!] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('人员1');
    const tags = () => dialog.querySelector('.biz-select-tags')!;
    expect(tags()).toHaveTextContent('人员7');
    await userEvent.click(within(dialog).getByText('人员1'));
    await userEvent.click(within(dialog).getByText('人员2'));
    expect(tags()).toHaveTextContent('人员7人员1人员2');
    fireEvent.click(tags().querySelector('.ant-tag .ant-tag-close-icon')!);
    await waitFor(() => expect(tags()).toHaveTextContent(/^人员1人员2$/));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onOk.mock.calls[0]![0].map((r) => r.id)).toEqual(['u1', 'u2']);
  });

  it('keeps one record in single mode', async () => {
    serve();
    const { onOk } = renderModal({ multiple: false });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByText('人员1'));
    await userEvent.click(within(dialog).getByText('人员3'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onOk.mock.calls[0]![0].map((r) => r.id)).toEqual(['u3']);
  });

  it('warns with the server’s message when the list answers unsuccessfully', async () => {
    serve({ status: 200, data: { success: false, message: '列表暂不可用', code: 510, result: null } });
    renderModal();
    expect(await screen.findByText('列表暂不可用')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });
});

describe('business select', () => {
  it('shows stored values by their display field and picks more through the modal', async () => {
    const http = serve();
    const changes: string[] = [];
    function Host() {
      const [value, setValue] = useState('u2');
      return (
        <BizSelect
          value={value}
          listUrl="/demo/list"
          columns={COLUMNS}
          displayKey="realname"
          onChange={(v) => {
            changes.push(v);
            setValue(v);
          }}
        />
      );
    }
    const { container } = renderWithApp(<Host />);
    await waitFor(() => expect(container.querySelector('.biz-select')).toHaveTextContent('人员2'));
    expect(listCalls(http)[0]).toMatchObject({ id: 'u2', pageNo: 1, pageSize: 1 });
    await userEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('.biz-select-tags')).toHaveTextContent('人员2'));
    await userEvent.click(await within(dialog).findByText('人员4'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(changes).toEqual(['u2,u4']));
    expect(container.querySelector('.biz-select')).toHaveTextContent('人员2人员4');
  });
});
