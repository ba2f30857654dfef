import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GATEWAY_API, GATEWAY_MESSAGES as M, PERM, type AuthEntry, type GatewayRoute } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { GatewayRouteListPage } from './gateway-route-list-page';
import type { InternalAxiosRequestConfig } from 'axios';

const ROWS: GatewayRoute[] = [
  {
    id: 'g1',
    routeId: 'orders',
    name: '订单服务',
    uri: 'https://api.example.com/base',
    predicates: '["/api/**"]',
    filters: '[{"name":"StripPrefix","args":{"parts":1}}]',
    sortOrder: 0,
    status: 1,
    createTime: '2026-11-25 10:00:00',
  } as GatewayRoute,
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.gatewayList, PERM.gatewayAdd, PERM.gatewayEdit, PERM.gatewayDelete];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}) {
  useSessionStore.setState({ auth: ALL.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${GATEWAY_API.base}/list`]: ok({ records: ROWS, total: 1, size: 20, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<GatewayRouteListPage />, { route: '/monitor/gateway' });
  return mock;
}

const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK/ });

describe('gateway route list page', () => {
  it('says up front when the server allows no target host', async () => {
    setup({ [`GET ${GATEWAY_API.allowedHosts}`]: ok({ allowedHosts: [] }) });
    expect(await screen.findByTestId('gateway-no-hosts')).toHaveTextContent(M.noAllowedHosts);
  }, 60_000);

  it('names the allowed hosts under the target and shows no warning when some are set', async () => {
    setup({ [`GET ${GATEWAY_API.allowedHosts}`]: ok({ allowedHosts: ['api.example.com', '10.0.0.5:8080'] }) });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText(/只能指向允许的主机：api\.example\.com、10\.0\.0\.5:8080/)).toBeInTheDocument();
    expect(screen.queryByTestId('gateway-no-hosts')).toBeNull();
  }, 60_000);

  it("lists routes with their target, status and the route's own call permission", async () => {
    setup();
    const cell = await screen.findByText('订单服务');
    const tr = cell.closest('tr')!;
    expect(within(tr).getByText('https://api.example.com/base')).toBeInTheDocument();
    expect(within(tr).getByText('启用')).toBeInTheDocument();
    expect(within(tr).getByText('gateway:route:orders')).toBeInTheDocument();
  }, 60_000);

  it('checks the route id before sending, and shows a refused target under its field', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      [`POST ${GATEWAY_API.base}/add`]: (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return fail(400, M.hostNotAllowed);
      },
    });
    await screen.findByText('订单服务');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('路由ID'));
    await userEvent.paste('Bad_ID');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(M.routeIdInvalid)).toBeInTheDocument();
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('路由ID'));
    await userEvent.click(within(dialog).getByLabelText('路由ID'));
    await userEvent.paste('meta');
    await userEvent.click(within(dialog).getByLabelText('路由名称'));
    await userEvent.paste('元数据');
    await userEvent.click(within(dialog).getByLabelText('目标地址'));
    await userEvent.paste('http://169.254.169.254/latest');
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ routeId: 'meta', uri: 'http://169.254.169.254/latest', status: 1 });
    expect(
      await within(dialog).findByText(M.hostNotAllowed, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  }, 120_000);
});
