import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSET_RESOURCE, DEVICE_RESOURCE, PERM, resourceUrls } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { DeviceRow } from '../api/iot-api';
import { DeviceListPage } from './device-list-page';

const DEVICES = resourceUrls(DEVICE_RESOURCE.path);
const ASSETS = resourceUrls(ASSET_RESOURCE.path);

const device: DeviceRow = {
  id: 'd1',
  deviceId: 'SMOKE-001',
  deviceName: '一号楼烟感',
  parentId: null,
  type: 'smoke',
  assetId: 'asset-1',
  assetId_dictText: '锦江区政务中心',
  location: '三层',
  longitude: null,
  latitude: null,
  onlineStatus: 0,
  lastSeenTime: null,
  remark: null,
};
const ASSET_ROWS = [
  { id: 'asset-1', code: 'ZC001', name: '锦江区政务中心' },
  { id: 'asset-2', code: 'ZC002', name: '东光社区服务站' },
];
const page = (records: unknown[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.setState({ auth: [] });
});

describe('设备管理 form', () => {
  it('shows the asset by name and picks another by searching asset names', async () => {
    const searches: unknown[] = [];
    const saved: Record<string, unknown>[] = [];
    const http = mockHttp({
      [`GET ${DEVICES.list}`]: ok(page([device])),
      [`GET ${ASSETS.list}`]: (config) => {
        const name = (config.params as { name?: string }).name;
        searches.push(name);
        const q = name?.replace(/^\*|\*$/g, '') ?? '';
        return ok(page(ASSET_ROWS.filter((a) => a.name.includes(q))));
      },
      [`PUT ${DEVICES.edit}`]: (config) => {
        saved.push(JSON.parse(String(config.data)) as Record<string, unknown>);
        return ok(null, '编辑成功!');
      },
    });
    restore = http.restore;
    useSessionStore.setState({
      auth: [PERM.deviceList, PERM.deviceEdit].map((action) => ({ action, describe: action, type: '1', status: '1' })),
    });
    renderWithApp(<DeviceListPage />);
    // The list's 所属资产 column shows the asset's name, never its id.
    const row = (await screen.findByText('SMOKE-001')).closest('tr')!;
    expect(row).toHaveTextContent('锦江区政务中心');
    expect(row).not.toHaveTextContent('asset-1');

    await userEvent.click(within(row).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('编辑设备');
    const field = within(dialog).getByLabelText('所属资产');
    expect(within(dialog).getAllByText('锦江区政务中心').length).toBeGreaterThan(0);
    await userEvent.type(field, '东光');
    await waitFor(() => expect(searches).toContain('*东光*'));
    await userEvent.click(await screen.findByText('东光社区服务站（ZC002）'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|保\s*存|OK/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 'd1', assetId: 'asset-2' });
  }, 40_000);
});
