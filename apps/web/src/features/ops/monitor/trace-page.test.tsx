import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MONITOR_API, type TraceEntry } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { TracePage } from './trace-page';

const entry = (over: Partial<TraceEntry>): TraceEntry => ({
  time: '2026-11-25 10:00:00',
  method: 'GET',
  path: '/api/sys/user/list',
  status: 200,
  durationMs: 3.2,
  ip: '127.0.0.1',
  user: null,
  ...over,
});

let restore = () => undefined as void;
afterEach(() => restore());

describe('请求追踪 page', () => {
  it("shows each request's signed-in user, and a dash for anonymous ones", async () => {
    restore = mockHttp({
      [`GET ${MONITOR_API.trace}`]: ok([
        entry({ path: '/api/sys/user/list', user: 'admin' }),
        entry({ path: '/api/monitor/runtime', status: 403, user: 'staff' }),
        entry({ path: '/api/sys/platform/info', user: null }),
      ]),
    }).restore;
    renderWithApp(<TracePage />, { route: '/monitor/trace' });
    expect(await screen.findByRole('columnheader', { name: '用户' })).toBeInTheDocument();
    const row = (path: string) => screen.getByText(path).closest('tr')!;
    expect(
      within(await screen.findByText('/api/sys/user/list').then((c) => c.closest('tr')!)).getByText('admin'),
    ).toBeInTheDocument();
    expect(within(row('/api/monitor/runtime')).getByText('staff')).toBeInTheDocument();
    expect(within(row('/api/sys/platform/info')).getByText('-')).toBeInTheDocument();
  }, 60_000);
});
