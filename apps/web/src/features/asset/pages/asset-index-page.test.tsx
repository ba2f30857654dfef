import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { ASSET_API, ASSET_MESSAGES, PERM, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PHONE_WIDTH, screenWidth } from '@/components/list-page/screen-width.testing';
import type { AssetRecord } from '../api/asset-api';
import { ASSET_INDEX_TEXT, ASSET_SUPER_QUERY_FIELDS, AssetIndexPage } from './asset-index-page';

// TinyMCE needs a real browser (the journeys cover it); the form only needs a stand-in here.
vi.mock('@/components/editors/tinymce-editor', () => ({
  TinymceEditor: () => <div data-testid="tinymce" />,
}));

const base: AssetRecord = {
  id: 'a1',
  code: 'ZC20261122001',
  name: '示范区综合楼',
  categoryId: 'c1',
  categoryId_dictText: '房屋',
  ownerDepartId: 'd1',
  ownerDepartId_dictText: '资产管理科',
  custodian: 'admin',
  address: '示范区人民路1号',
  regionCode: null,
  longitude: 120.1,
  latitude: 30.2,
  area: 1234.5,
  originalValue: 1234567.8,
  netValue: 1000000,
  acquiredDate: '2020-05-01',
  status: 'idle',
  status_dictText: '闲置',
  useNature: 'office',
  certificateNo: null,
  images: null,
  attachments: null,
  description: null,
  published: 0,
  publishTime: null,
  remark: null,
  version: 3,
};
const ROWS: AssetRecord[] = [
  base,
  {
    ...base,
    id: 'a2',
    code: 'ZC20261122002',
    name: '人民路商铺',
    status: 'leased',
    status_dictText: '出租',
    published: 1,
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [
  PERM.assetList,
  PERM.assetAdd,
  PERM.assetEdit,
  PERM.assetDelete,
  PERM.assetExport,
  PERM.assetImport,
  PERM.assetPublish,
  PERM.assetLedgerList,
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /asset/asset/list': ok({ records: ROWS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/dict/getDictItems/asset_status': ok([
      { value: 'idle', text: '闲置' },
      { value: 'in_use', text: '在用' },
      { value: 'leased', text: '出租' },
    ]),
    'GET /sys/dict/getDictItems/asset_use_nature': ok([{ value: 'office', text: '办公用房' }]),
    'GET /sys/category/loadTreeRoot': ok([{ key: 'c1', value: 'c1', title: '房屋', leaf: true }]),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<AssetIndexPage />, { route: '/asset/index' });
  return mock;
}

const ERROR = '.ant-form-item-explain-error';
const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK/ });

describe('asset index page', () => {
  it('lists assets with yuan in thousands and 2 decimals, status tags and links to details and ledger', async () => {
    setup();
    expect(await screen.findByText('示范区综合楼')).toBeInTheDocument();
    const r = row('示范区综合楼');
    expect(within(r).getByText('1,234,567.80')).toBeInTheDocument();
    expect(within(r).getByText('1,000,000.00')).toBeInTheDocument();
    expect(within(r).getByText('闲置')).toBeInTheDocument();
    expect(within(r).getByText('房屋')).toBeInTheDocument();
    expect(within(r).getByText('未发布')).toBeInTheDocument();
    expect(within(row('人民路商铺')).getByText('已发布')).toBeInTheDocument();
    expect(within(r).getByText(ASSET_INDEX_TEXT.details).closest('a')).toHaveAttribute('href', '/asset/details?id=a1');
    expect(within(r).getByText(ASSET_INDEX_TEXT.ledger).closest('a')).toHaveAttribute('href', '/asset/ledger?id=a1');
  });

  it('offers 高级查询 over the fields a person can type or pick, never id fields', async () => {
    setup();
    await screen.findByText('示范区综合楼');
    expect(screen.getByRole('button', { name: '高级查询' })).toBeInTheDocument();
    const titles = ASSET_SUPER_QUERY_FIELDS.map((f) => f.title);
    expect(titles).toEqual(
      expect.arrayContaining(['资产名称', '资产状态', '使用性质', '保管人', '权证号', '原值(元)']),
    );
    expect(ASSET_SUPER_QUERY_FIELDS.map((f) => f.field)).not.toContain('categoryId');
    expect(ASSET_SUPER_QUERY_FIELDS.find((f) => f.field === 'status')).toMatchObject({ type: 'select' });
    await userEvent.click(screen.getByRole('button', { name: '高级查询' }));
    expect(await screen.findByTestId('condition-row')).toBeInTheDocument();
  });

  it('exports every importable column (no field list) and says in 导入 that an export is the template', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const mock = setup({ 'GET /asset/asset/exportXls': { status: 200, data: new Blob(['xlsx']) } });
    await screen.findByText('示范区综合楼');
    await userEvent.click(screen.getByRole('button', { name: '导出全部 2 条' }));
    await waitFor(() => expect(mock.calls.some((c) => c.url === '/asset/asset/exportXls')).toBe(true));
    const call = mock.calls.find((c) => c.url === '/asset/asset/exportXls')!;
    expect(call.params).not.toHaveProperty('field');
    await userEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    expect(await screen.findByText(ASSET_INDEX_TEXT.importHint)).toBeInTheDocument();
  });

  it('publishes the selected assets after a confirmation', async () => {
    const bodies: unknown[] = [];
    setup({
      [`PUT ${ASSET_API.publish}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '发布成功');
      },
    });
    await screen.findByText('示范区综合楼');
    await userEvent.click(within(row('示范区综合楼')).getByRole('checkbox'));
    await userEvent.click(within(row('人民路商铺')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: ASSET_INDEX_TEXT.batchPublish }));
    expect((await screen.findAllByText('确定发布选中的 2 项资产吗？')).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ ids: ['a1', 'a2'], published: true }]));
  });

  it('withdraws one published asset from its row', async () => {
    const bodies: unknown[] = [];
    setup({
      [`PUT ${ASSET_API.publish}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '已撤回');
      },
    });
    await screen.findByText('人民路商铺');
    await userEvent.click(within(row('人民路商铺')).getByText(ASSET_INDEX_TEXT.withdraw));
    expect((await screen.findAllByText('确定撤回选中的 1 项资产的发布吗？')).length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ ids: ['a2'], published: false }]));
  });

  it('checks the form: name and category required, net value not above the original value', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /asset/asset/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 'a9' }, '添加成功！');
      },
    });
    await screen.findByText('示范区综合楼');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('保存后自动生成')).toBeDisabled();
    await userEvent.type(within(dialog).getByPlaceholderText('请输入原值'), '100');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入净值'), '200');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(ASSET_MESSAGES.nameRequired, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(ASSET_MESSAGES.categoryRequired, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(ASSET_MESSAGES.netAboveOriginal, { selector: ERROR })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows a coordinate pair error when only the longitude is given', async () => {
    setup();
    await screen.findByText('示范区综合楼');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('GCJ-02 经度'), '120.5');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(ASSET_MESSAGES.coordinatePair, { selector: ERROR })).toBeInTheDocument();
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.assetList]);
    await screen.findByText('示范区综合楼');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ASSET_INDEX_TEXT.batchPublish })).not.toBeInTheDocument();
    expect(within(row('示范区综合楼')).queryByText(ASSET_INDEX_TEXT.publish)).not.toBeInTheDocument();
    expect(within(row('示范区综合楼')).queryByText(ASSET_INDEX_TEXT.ledger)).not.toBeInTheDocument();
    expect(within(row('示范区综合楼')).getByText(ASSET_INDEX_TEXT.details)).toBeInTheDocument();
  });

  it('edits the freshest copy (its version) and shows a saved-with-warning answer as a warning', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      [`GET ${ASSET_API.detail}`]: ok({
        ...base,
        version: 5,
        name: '示范区综合楼（新）',
        images: [],
        attachments: [],
        categoryName: '房屋',
        statusText: '闲置',
      }),
      'PUT /asset/asset/edit': (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return ok({ warning: ASSET_MESSAGES.outsideDistrict }, `编辑成功！${ASSET_MESSAGES.outsideDistrict}`);
      },
    });
    await screen.findByText('示范区综合楼');
    await userEvent.click(within(row('示范区综合楼')).getByText(/编\s*辑/));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByPlaceholderText('请输入资产名称');
    await waitFor(() => expect(name).toHaveValue('示范区综合楼（新）'));
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 'a1', version: 5, name: '示范区综合楼（新）' });
    expect(bodies[0]).not.toHaveProperty('status');
    const notice = await screen.findByText(`编辑成功！${ASSET_MESSAGES.outsideDistrict}`);
    expect(notice.closest('.ant-message-notice-warning')).not.toBeNull();
  }, 60_000);

  it('keeps 资产编号 and 资产名称 on the left and 操作 on the right while the other columns scroll', async () => {
    setup();
    await screen.findByText('示范区综合楼');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name }).className;
    expect(header(/资产编号/)).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header(/资产名称/)).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(header(/原值/)).not.toMatch(/ant-table-cell-fix/);
    expect(header(/操作/)).toMatch(/ant-table-cell-fix-(right|end)/);
    // The links of a row, each once, with a divider between two of them only.
    const cell = row('示范区综合楼').querySelector('.list-page-row-actions')!;
    expect([...cell.children].map((c) => (c.classList.contains('ant-divider') ? '|' : c.textContent)).join('')).toBe(
      '编辑|删除|详情|台账|发布',
    );
  });
});

describe('asset index on a 390 px phone', () => {
  let restoreScreen = () => undefined as void;
  beforeEach(() => {
    restoreScreen = screenWidth(PHONE_WIDTH);
  });
  afterEach(() => restoreScreen());

  it('shows 资产名称 and 筛选 instead of seven fields, and each asset as a card with its links', async () => {
    setup();
    const list = await screen.findByRole('list', { name: '记录' });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(document.querySelector('.ant-table')).toBeNull();

    const form = screen.getByRole('search');
    expect(within(form).getByRole('textbox', { name: '资产名称' })).toBeVisible();
    expect(within(form).queryByRole('textbox', { name: '资产编号' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: '资产状态' })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: '筛选' }));
    expect(within(form).getByRole('textbox', { name: '资产编号' })).toBeVisible();

    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['示范区综合楼', '人民路商铺']);
    const first = within(cards[0]!);
    expect(first.getByText('ZC20261122001')).toBeInTheDocument();
    expect(first.getByText('闲置')).toBeInTheDocument();
    expect(first.getByText('资产管理科')).toBeInTheDocument();
    expect(first.getByText('1,000,000.00')).toBeInTheDocument();
    expect(first.getByText('示范区人民路1号')).toBeInTheDocument();
    expect(first.getByText(ASSET_INDEX_TEXT.details).closest('a')).toHaveAttribute('href', '/asset/details?id=a1');
    expect(first.getByText(ASSET_INDEX_TEXT.ledger).closest('a')).toHaveAttribute('href', '/asset/ledger?id=a1');
    expect(first.getByText(ASSET_INDEX_TEXT.publish)).toBeInTheDocument();
    expect(within(cards[1]!).getByText(ASSET_INDEX_TEXT.withdraw)).toBeInTheDocument();
  });
});
