import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { INVENTORY_API, PERM, UPLOAD_API, type AuthEntry, type InventoryFindingInput } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { campaign, item } from './fixtures.testing';
import { queueStorageKey } from './finding-queue';
import { CHECK_TEXT as T, InventoryCheckPage } from './inventory-check-page';
import { PHOTO_TEXT } from './photo-input';

// The camera: the reader "sees" the QR code of a card printed with a link to the product.
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromConstraints(
      _c: unknown,
      _v: unknown,
      cb: (r: { getText: () => string } | undefined, e: unknown, ctl: { stop: () => void }) => void,
    ) {
      const controls = { stop: vi.fn() };
      setTimeout(() => cb({ getText: () => 'https://assets.example/infoDetails?code=ZC0002' }, undefined, controls), 0);
      return Promise.resolve(controls);
    }
  },
}));

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const USER = 'checker1';
const OPEN = campaign({ status: 'open', status_dictText: '进行中', total: 10, checked: 4 });
const DESK = item();
const TABLE = item({ id: 'i2', assetCode: 'ZC0002', assetName: '会议桌', address: '行政楼302', custodianName: '赵六' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  window.localStorage.clear();
  Reflect.deleteProperty(navigator, 'geolocation');
  useSessionStore.setState({ auth: [], allAuth: [], username: null });
  vi.restoreAllMocks();
});

type Handler = MockReply | ((c: InternalAxiosRequestConfig) => MockReply);

function setup(routes: Record<string, Handler> = {}) {
  useSessionStore.setState({ auth: [entry(PERM.assetInventoryCheck)], allAuth: [], username: USER });
  let checked = OPEN.checked;
  const findings: InventoryFindingInput[] = [];
  const mock = mockHttp({
    [`GET ${INVENTORY_API.myCampaigns}`]: () => ok([{ ...OPEN, checked }]),
    [`GET ${INVENTORY_API.lookup}`]: (c) => {
      const code = (c.params as { code: string }).code;
      if (code === 'ZC0001') return ok(DESK);
      if (code === 'ZC0002') return ok(TABLE);
      return fail(400, `资产“${code}”不在本次盘点清单中，如确有此物请登记盘盈`);
    },
    [`POST ${INVENTORY_API.finding}`]: (c) => {
      const body = JSON.parse(String(c.data)) as InventoryFindingInput;
      findings.push(body);
      checked += 1;
      return ok({ ...body, id: `f${findings.length}`, duplicate: false }, '已记录');
    },
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<InventoryCheckPage />);
  return { mock, findings };
}

async function typeCode(code: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(T.type) }));
  await userEvent.type(screen.getByLabelText(T.codePlaceholder), code);
  await userEvent.click(screen.getByRole('button', { name: T.find }));
}

const networkDown = (c: InternalAxiosRequestConfig): MockReply => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
};

describe('盘点录入', () => {
  it('finds an asset by its typed code, records 正常 and shows the new counts', async () => {
    const { mock, findings } = setup();
    expect(await screen.findByTestId('campaign-counts')).toHaveTextContent(T.progress(4, 10));
    await typeCode('ZC0001');
    const card = (await screen.findByText('联想台式电脑')).closest('.ant-card')! as HTMLElement;
    for (const text of ['ZC0001', '资产管理科', '王五', '行政楼301'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === INVENTORY_API.lookup)?.params).toMatchObject({
      campaignId: 'c1',
      code: 'ZC0001',
    });
    // 提交 waits for a result.
    expect(within(card).getByRole('button', { name: T.submit })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: '正常' }));
    await userEvent.type(within(card).getByLabelText(T.note), '标签完好');
    await userEvent.click(within(card).getByRole('button', { name: T.submit }));
    await waitFor(() => expect(findings).toHaveLength(1));
    expect(findings[0]).toMatchObject({
      campaignId: 'c1',
      itemId: 'i1',
      result: 'normal',
      note: '标签完好',
      photos: [],
    });
    expect(findings[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(findings[0]!.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await screen.findByText(T.progress(5, 10))).toBeInTheDocument();
    expect(await screen.findByText('已记录：联想台式电脑（ZC0001）：正常')).toBeInTheDocument();
    expect(screen.queryByText(/待上传/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(queueStorageKey(USER))).toBeNull();
  });

  it('reads the scanned QR text (a link with ?code=) and looks the asset up', async () => {
    const { mock } = setup();
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(T.scan) }));
    expect(await screen.findByText('会议桌')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === INVENTORY_API.lookup)?.params).toMatchObject({ code: 'ZC0002' });
  });

  it('lets a checker of two campaigns pick one and looks up within it', async () => {
    const second = campaign({ id: 'c9', name: '车辆专项盘点', status: 'open', total: 3, checked: 0 });
    const { mock } = setup({ [`GET ${INVENTORY_API.myCampaigns}`]: ok([OPEN, second]) });
    const select = await screen.findByRole('combobox', { name: T.campaign });
    // Nothing to scan before a campaign is chosen.
    expect(screen.queryByRole('button', { name: new RegExp(T.scan) })).not.toBeInTheDocument();
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('车辆专项盘点'));
    expect(await screen.findByText(T.progress(0, 3))).toBeInTheDocument();
    await typeCode('ZC0001');
    await screen.findByText('联想台式电脑');
    expect(mock.calls.find((c) => c.url === INVENTORY_API.lookup)?.params).toMatchObject({ campaignId: 'c9' });
  });

  it('says the network is down when a lookup gets no answer', async () => {
    setup({ [`GET ${INVENTORY_API.lookup}`]: networkDown });
    await typeCode('ZC0001');
    expect(await screen.findByText(T.offline)).toBeInTheDocument();
  });

  it('says so when the code is not on the campaign list', async () => {
    setup();
    await typeCode('XX999');
    expect(await screen.findByText('资产“XX999”不在本次盘点清单中，如确有此物请登记盘盈')).toBeInTheDocument();
  });

  it('keeps a finding queued while offline and sends it once when online fires, with the same clientId', async () => {
    let online = false;
    const sends: InventoryFindingInput[] = [];
    setup({
      [`POST ${INVENTORY_API.finding}`]: (c) => {
        const body = JSON.parse(String(c.data)) as InventoryFindingInput;
        sends.push(body);
        if (!online) return networkDown(c);
        return ok({ ...body, id: 'f1', duplicate: false }, '已记录');
      },
    });
    await typeCode('ZC0001');
    const card = (await screen.findByText('联想台式电脑')).closest('.ant-card')! as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: '损坏' }));
    await userEvent.click(within(card).getByRole('button', { name: T.submit }));
    expect(await screen.findByText(T.pending(1))).toBeInTheDocument();
    expect(screen.getByText('联想台式电脑（ZC0001）：损坏')).toBeInTheDocument();
    expect(sends).toHaveLength(1);
    // Stored on the phone, so a reload keeps it.
    expect(JSON.parse(window.localStorage.getItem(queueStorageKey(USER))!)).toHaveLength(1);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(T.pending(1))).not.toBeInTheDocument());
    expect(sends).toHaveLength(2);
    expect(sends[1]!.clientId).toBe(sends[0]!.clientId);
    expect(sends[1]).toEqual(sends[0]);
    expect(window.localStorage.getItem(queueStorageKey(USER))).toBeNull();
    // A second online event has nothing left to send.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 50));
    expect(sends).toHaveLength(2);
  });

  it('sends what an earlier visit left queued when the page loads', async () => {
    const left: InventoryFindingInput = { clientId: 'left-1', campaignId: 'c1', itemId: 'i2', result: 'normal' };
    window.localStorage.setItem(
      queueStorageKey(USER),
      JSON.stringify([{ input: left, label: '会议桌（ZC0002）：正常', queuedAt: 1 }]),
    );
    const { findings } = setup();
    await waitFor(() => expect(findings).toEqual([left]));
    await waitFor(() => expect(window.localStorage.getItem(queueStorageKey(USER))).toBeNull());
  });

  it('drops a finding the server refuses (400) and shows why', async () => {
    const sends: unknown[] = [];
    setup({
      [`POST ${INVENTORY_API.finding}`]: () => {
        sends.push(1);
        return fail(400, '盘点任务未在进行中');
      },
    });
    await typeCode('ZC0001');
    const card = (await screen.findByText('联想台式电脑')).closest('.ant-card')! as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: '未找到(盘亏)' }));
    await userEvent.click(within(card).getByRole('button', { name: T.submit }));
    expect(await screen.findByText('联想台式电脑（ZC0001）：盘亏：盘点任务未在进行中')).toBeInTheDocument();
    expect(screen.queryByText(/待上传/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(queueStorageKey(USER))).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 50));
    expect(sends).toHaveLength(1);
  });

  it('registers a 盘盈 with its name, place, an uploaded photo and the phone position', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.65, longitude: 104.08, accuracy: 12 } } as GeolocationPosition),
      },
    });
    const uploads: FormData[] = [];
    const { findings } = setup({
      [`POST ${UPLOAD_API.commonUpload}`]: (c) => {
        uploads.push(c.data as FormData);
        return { status: 200, data: { success: true, message: 'asset/projector_1.jpg', code: 200, result: null } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(T.surplus) }));
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText('请输入盘盈物品的名称')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(T.surplusName), '投影仪');
    await userEvent.type(screen.getByLabelText(T.surplusPlace), '行政楼305');
    await userEvent.upload(
      screen.getByLabelText(PHOTO_TEXT.add, { selector: 'input' }),
      new File(['jpg'], 'projector.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.get('biz')).toBe('asset');
    expect(await screen.findByText(T.located(12))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(findings).toHaveLength(1));
    expect(findings[0]).toMatchObject({
      itemId: null,
      result: 'surplus',
      name: '投影仪',
      address: '行政楼305',
      photos: ['asset/projector_1.jpg'],
      latitude: 30.65,
      longitude: 104.08,
      accuracy: 12,
    });
  });
});
