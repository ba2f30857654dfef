import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { ASSET_API, ASSET_MESSAGES, LEDGER_RULES, PERM, type AssetDetail, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { LedgerRecord } from '../api/asset-api';
import { LEDGER_MODAL_TEXT } from '../components/ledger-event-modal';
import { ASSET_LEDGER_TEXT, AssetLedgerPage } from './asset-ledger-page';
import { ASSET_DETAILS_TEXT, AssetDetailsPage, DETAIL_GROUP_GAP } from './asset-details-page';

// Leaflet needs a real browser; the details page only has to hand the map its point.
vi.mock('@/components/map', () => ({
  AssetMap: ({ points }: { points: unknown[] }) => <div data-testid="asset-map">{JSON.stringify(points)}</div>,
}));

const DETAIL: AssetDetail = {
  id: 'a1',
  code: 'ZC20261122001',
  name: '示范区综合楼',
  categoryId: 'c1',
  categoryName: '房屋',
  ownerDepartId: 'd1',
  ownerDepartName: '资产管理科',
  custodian: 'admin',
  custodianName: '系统管理员',
  address: '人民路1号',
  regionCode: null,
  longitude: 120.123456,
  latitude: 30.654321,
  area: 100,
  originalValue: 500000,
  netValue: 400000,
  acquiredDate: '2020-01-01',
  status: 'leased',
  statusText: '出租',
  useNature: null,
  useNatureText: null,
  certificateNo: null,
  images: ['img/1.png', 'img/2.png', 'img/3.png', 'img/4.png', 'img/5.png'],
  attachments: [{ path: 'files/deed.pdf', name: '产权证.pdf' }],
  description: null,
  published: 0,
  publishTime: null,
  remark: null,
  version: 2,
  sysOrgCode: null,
  createBy: 'admin',
  createTime: null,
  updateBy: null,
  updateTime: null,
};

const EVENTS: LedgerRecord[] = [
  {
    id: 'e2',
    assetId: 'a1',
    type: 'lease',
    type_dictText: '出租',
    eventDate: '2024-03-01',
    fromDepartId: null,
    toDepartId: null,
    fromStatus: 'idle',
    toStatus: 'leased',
    counterparty: '某某餐饮公司',
    amount: 12000,
    netValueBefore: 400000,
    netValueAfter: 400000,
    documents: null,
    remark: null,
    createBy: 'admin',
    createTime: '2024-03-01 10:00:00',
  },
  {
    id: 'e1',
    assetId: 'a1',
    type: 'acquire',
    type_dictText: '入账',
    eventDate: '2020-01-01',
    fromDepartId: null,
    toDepartId: 'd1',
    toDepartId_dictText: '资产管理科',
    fromStatus: null,
    toStatus: 'idle',
    counterparty: null,
    amount: null,
    netValueBefore: null,
    netValueAfter: 400000,
    documents: null,
    remark: null,
    createBy: 'admin',
    createTime: '2020-01-01 10:00:00',
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  ui: React.ReactElement,
  route: string,
  detail: AssetDetail = DETAIL,
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
) {
  useSessionStore.setState({
    auth: [PERM.assetList, PERM.assetLedgerList, PERM.assetLedgerAdd, PERM.assetEdit].map(entry),
    allAuth: [],
  });
  const mock = mockHttp({
    [`GET ${ASSET_API.detail}`]: ok(detail),
    [`GET ${ASSET_API.ledgerList}`]: ok({ records: EVENTS, total: 2, size: 200, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(ui, { route });
  return mock;
}

const ERROR = '.ant-form-item-explain-error';

async function openTypeSelect() {
  await userEvent.click(await screen.findByRole('button', { name: ASSET_LEDGER_TEXT.record }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByLabelText('事件类型'));
  return dialog;
}

describe('asset ledger page', () => {
  it('without an id points to 资产索引', () => {
    setup(<AssetLedgerPage />, '/asset/ledger');
    expect(screen.getByText(ASSET_LEDGER_TEXT.pick)).toBeInTheDocument();
    expect(screen.getByText(ASSET_LEDGER_TEXT.toIndex).closest('a')).toHaveAttribute('href', '/asset/index');
  });

  it('shows the header, the timeline newest first and the event table', async () => {
    setup(<AssetLedgerPage />, '/asset/ledger?id=a1');
    const header = (await screen.findByText('示范区综合楼（ZC20261122001）')).closest('.ant-card') as HTMLElement;
    expect(within(header).getByText('400,000.00')).toBeInTheDocument();
    expect(within(header).getByText('资产管理科')).toBeInTheDocument();
    expect(within(header).getByText('出租')).toBeInTheDocument();
    const table = (await screen.findByText(ASSET_LEDGER_TEXT.table)).closest('.ant-card') as HTMLElement;
    expect(within(table).getByText('12,000.00')).toBeInTheDocument();
    const timeline = await screen.findByTestId('ledger-timeline');
    const text = timeline.textContent ?? '';
    expect(text.indexOf('2024-03-01')).toBeLessThan(text.indexOf('2020-01-01'));
    expect(within(timeline).getByText('相对方：某某餐饮公司')).toBeInTheDocument();
    expect(within(timeline).getByText('租金：12,000.00 元')).toBeInTheDocument();
  });

  it('offers only the event types the leased asset allows', async () => {
    setup(<AssetLedgerPage />, '/asset/ledger?id=a1');
    await openTypeSelect();
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    const items = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    const disabled = items.filter((i) => i.classList.contains('ant-select-item-option-disabled'));
    const enabled = items.filter((i) => !i.classList.contains('ant-select-item-option-disabled'));
    // A leased asset: lease end, repair, inventory and revaluation; no transfer, lease or disposal.
    expect(enabled.map((i) => i.textContent)).toEqual(['退租', '维修', '盘点', '价值变动']);
    expect(disabled.map((i) => i.textContent)).toEqual(['调拨', '出租', '处置']);
    expect(disabled.map((i) => i.getAttribute('title'))).toContain(LEDGER_RULES.lease.refused);
  });

  it('a transfer requires a department; saving refreshes header and timeline', async () => {
    const bodies: Record<string, unknown>[] = [];
    const mock = setup(
      <AssetLedgerPage />,
      '/asset/ledger?id=a1',
      { ...DETAIL, status: 'idle', statusText: '闲置' },
      {
        [`POST ${ASSET_API.ledgerAdd}`]: (c) => {
          bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
          return ok(null, '登记成功！');
        },
      },
    );
    const dialog = await openTypeSelect();
    await userEvent.click(await screen.findByTitle('调拨'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(ASSET_MESSAGES.toDepartRequired, { selector: ERROR })).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // Revaluation instead: needs the new net value, then saves with the asset's version.
    await userEvent.click(within(dialog).getByLabelText('事件类型'));
    await userEvent.click(await screen.findByTitle('价值变动'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(ASSET_MESSAGES.revaluationAmount, { selector: ERROR })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByPlaceholderText('请输入变动后净值'), '350000.5');
    const before = mock.calls.filter((c) => c.url === ASSET_API.detail).length;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ assetId: 'a1', type: 'revaluation', amount: 350000.5, version: 2 });
    await waitFor(() => expect(mock.calls.filter((c) => c.url === ASSET_API.detail).length).toBeGreaterThan(before));
  });

  it('a repair starts 维修 and, recorded on an asset in 维修, asks for the status after the repair', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup(
      <AssetLedgerPage />,
      '/asset/ledger?id=a1',
      { ...DETAIL, status: 'repair', statusText: '维修' },
      {
        [`POST ${ASSET_API.ledgerAdd}`]: (c) => {
          bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
          return ok(null, '登记成功！');
        },
      },
    );
    const dialog = await openTypeSelect();
    await userEvent.click(await screen.findByTitle('维修'));
    expect(within(dialog).getByText(LEDGER_MODAL_TEXT.repairEndHint)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(
      await within(dialog).findByText(LEDGER_MODAL_TEXT.repairEndRequired, { selector: ERROR }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByLabelText(LEDGER_MODAL_TEXT.repairEndLabel));
    await userEvent.click(await screen.findByTitle('在用'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ assetId: 'a1', type: 'repair', toStatus: 'in_use', version: 2 });
  });

  it('says a repair of an idle asset puts it into 维修 (no status to choose)', async () => {
    setup(<AssetLedgerPage />, '/asset/ledger?id=a1', { ...DETAIL, status: 'idle', statusText: '闲置' });
    const dialog = await openTypeSelect();
    await userEvent.click(await screen.findByTitle('维修'));
    expect(within(dialog).getByText(LEDGER_MODAL_TEXT.repairStart)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(LEDGER_MODAL_TEXT.repairEndLabel)).toBeNull();
  });

  it('says the asset left the caller’s reach when it disappears after a saved event (a transfer out of scope)', async () => {
    let moved = false;
    setup(
      <AssetLedgerPage />,
      '/asset/ledger?id=a1',
      { ...DETAIL, status: 'idle', statusText: '闲置' },
      {
        // After the transfer the 本部门资产 rule hides the asset from its former department.
        [`GET ${ASSET_API.detail}`]: () =>
          moved ? fail(404, ASSET_MESSAGES.notFound) : ok({ ...DETAIL, status: 'idle' }),
        [`POST ${ASSET_API.ledgerAdd}`]: () => {
          moved = true;
          return ok(null, '登记成功！');
        },
      },
    );
    const dialog = await openTypeSelect();
    await userEvent.click(await screen.findByTitle('价值变动'));
    await userEvent.type(within(dialog).getByPlaceholderText('请输入变动后净值'), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(ASSET_LEDGER_TEXT.movedOut)).toBeInTheDocument();
    expect(screen.queryByText(ASSET_MESSAGES.notFound)).toBeNull();
  });
});

describe('asset details page', () => {
  it('shows the groups, the map point, the attachments and the timeline; images load only near the shown slide', async () => {
    setup(<AssetDetailsPage />, '/asset/details?id=a1');
    expect(await screen.findByText('ZC20261122001')).toBeInTheDocument();
    expect(screen.getByText('房屋')).toBeInTheDocument();
    expect(screen.getByText('系统管理员')).toBeInTheDocument();
    expect(screen.getByText('500,000.00')).toBeInTheDocument();
    expect(screen.getByText('产权证.pdf').closest('a')).toHaveAttribute(
      'href',
      expect.stringContaining('files/deed.pdf'),
    );
    expect(await screen.findByTestId('asset-map')).toHaveTextContent('120.123456');
    // Five images: only the first slide and its neighbour (the 2nd) get an <img>; the rest wait.
    const imgs = [...document.querySelectorAll<HTMLImageElement>('.asset-images img')];
    const loaded = new Set(imgs.map((i) => i.getAttribute('src')?.split('/').pop()));
    expect(loaded).toEqual(new Set(['1.png', '2.png']));
    expect(screen.getAllByTestId('image-placeholder')).toHaveLength(3);
    imgs.forEach((i) => expect(i).toHaveAttribute('loading', 'lazy'));
    const timeline = await screen.findByTestId('ledger-timeline');
    expect(within(timeline).getAllByText('出租').length).toBeGreaterThan(0);
    expect(within(timeline).getByText('入账')).toBeInTheDocument();
  });

  it('keeps a gap between the detail groups, so a heading never sits on the previous group’s last row', async () => {
    setup(<AssetDetailsPage />, '/asset/details?id=a1');
    const groups = await screen.findByTestId('asset-detail-groups');
    expect(groups).toHaveStyle({ display: 'flex', flexDirection: 'column', gap: `${DETAIL_GROUP_GAP}px` });
    const titles = [...groups.children].map((g) => g.querySelector('.ant-descriptions-title')?.textContent);
    expect(titles).toEqual([ASSET_DETAILS_TEXT.basic, ASSET_DETAILS_TEXT.location, ASSET_DETAILS_TEXT.value]);
  });
});
