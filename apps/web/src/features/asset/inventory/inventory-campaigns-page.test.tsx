import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { INVENTORY_API, INVENTORY_ROUTES, PERM, type AuthEntry } from '@district/shared';
import { Route, Routes, useLocation } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { campaign } from './fixtures.testing';
import { CAMPAIGNS_TEXT as T, InventoryCampaignsPage } from './inventory-campaigns-page';

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

const DRAFT = campaign();
const OPEN = campaign({
  id: 'c2',
  name: '办公设备专项盘点',
  status: 'open',
  status_dictText: '进行中',
  total: 120,
  checked: 45,
  openDifferences: 3,
});

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function Probe() {
  const location = useLocation();
  return <div data-testid="probe">{`${location.pathname}${location.search}`}</div>;
}

function setup(
  perms: string[],
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${INVENTORY_API.campaignList}`]: ok({ records: [DRAFT, OPEN], total: 2, current: 1, size: 10, pages: 1 }),
    'GET /sys/dict/loadDictItem/sys_depart%2Cdepart_name%2Cid': ok(['资产管理科']),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(
    <Routes>
      <Route path="/" element={<InventoryCampaignsPage />} />
      <Route path={INVENTORY_ROUTES.campaign} element={<Probe />} />
    </Routes>,
  );
  return mock;
}

const cells = (text: string) =>
  within(screen.getByText(text).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('盘点任务', () => {
  it('lists campaigns with status labels, deadline, checkers and counts; a reader gets no edit buttons', async () => {
    setup([PERM.assetInventoryList]);
    expect(await screen.findByText(OPEN.name)).toBeInTheDocument();
    expect(cells(OPEN.name)).toEqual([OPEN.name, '进行中', '2026-12-31', '张三、李四', '45/120', '3', T.detail]);
    expect(cells(DRAFT.name)).toEqual([DRAFT.name, '草稿', '2026-12-31', '张三、李四', '—', '—', T.detail]);
    expect(screen.queryByRole('button', { name: T.add })).not.toBeInTheDocument();
    expect(screen.queryByText(T.open)).not.toBeInTheDocument();
  });

  it('opens a draft after a confirmation and shows the server message', async () => {
    const bodies: unknown[] = [];
    const mock = setup([PERM.assetInventoryList, PERM.assetInventoryEdit], {
      [`POST ${INVENTORY_API.campaignOpen}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ total: 57 }, '盘点已开始，清单共 57 项资产');
      },
    });
    await screen.findByText(DRAFT.name);
    // Only the draft offers 编辑/开始盘点/删除.
    const openRow = screen.getByText(OPEN.name).closest('tr')!;
    expect(within(openRow).queryByText(T.open)).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByText(DRAFT.name).closest('tr')!).getByText(T.open));
    expect((await screen.findAllByText(T.openConfirm(DRAFT.name))).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ id: DRAFT.id }]));
    expect(await screen.findByText('盘点已开始，清单共 57 项资产')).toBeInTheDocument();
    await waitFor(() => expect(mock.calls.filter((c) => c.url === INVENTORY_API.campaignList)).toHaveLength(2));
  });

  it('opens the detail page of a campaign', async () => {
    setup([PERM.assetInventoryList]);
    await userEvent.click(within((await screen.findByText(OPEN.name)).closest('tr')!).getByText(T.detail));
    expect(await screen.findByTestId('probe')).toHaveTextContent(`${INVENTORY_ROUTES.campaign}?id=c2`);
  });

  it('deletes a draft after a confirmation', async () => {
    const deleted: unknown[] = [];
    setup([PERM.assetInventoryList, PERM.assetInventoryEdit], {
      [`DELETE ${INVENTORY_API.campaignDelete}`]: (c) => {
        deleted.push(c.params);
        return ok(null, '删除成功!');
      },
    });
    await screen.findByText(DRAFT.name);
    await userEvent.click(within(screen.getByText(DRAFT.name).closest('tr')!).getByText(T.delete));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deleted).toEqual([expect.objectContaining({ id: DRAFT.id })]));
  });

  it('adds a draft only with a name, checkers and a deadline', async () => {
    const bodies: unknown[] = [];
    setup([PERM.assetInventoryList, PERM.assetInventoryEdit], {
      [`POST ${INVENTORY_API.campaignAdd}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(campaign({ id: 'c3' }), '添加成功！');
      },
    });
    await screen.findByText(DRAFT.name);
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入盘点任务名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择盘点人')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择截止日期')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('edits a draft with its stored values and sends its id', async () => {
    const bodies: unknown[] = [];
    setup([PERM.assetInventoryList, PERM.assetInventoryEdit], {
      [`GET ${INVENTORY_API.campaignQuery}`]: ok(DRAFT),
      [`PUT ${INVENTORY_API.campaignEdit}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '编辑成功！');
      },
    });
    await screen.findByText(DRAFT.name);
    await userEvent.click(within(screen.getByText(DRAFT.name).closest('tr')!).getByText(T.edit));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('任务名称');
    await waitFor(() => expect(name).toHaveValue(DRAFT.name));
    expect(within(dialog).getByDisplayValue('张三,李四')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, '年度清查（改）');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          id: DRAFT.id,
          name: '年度清查（改）',
          scope: { departIds: ['d1'], categoryIds: [], address: '' },
          checkerIds: ['u1', 'u2'],
          deadline: '2026-12-31',
          remark: null,
        },
      ]),
    );
  });
});
