import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LOG_API,
  LOG_MESSAGES,
  PERM,
  type AuthEntry,
  type LogChainReport,
  type LogKind,
  type LogVerifyResult,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { LogVerifyButton } from './log-verify-modal';

const chain = (over: Partial<LogChainReport>): LogChainReport => ({
  scope: 'tenant',
  tenantId: 1001,
  algorithm: 'sm3',
  checked: 120,
  headSeq: 120,
  headHash: 'ab12cd34',
  cutSeq: 1,
  cutTime: null,
  intact: true,
  problems: [],
  more: false,
  ...over,
});

const RESULTS: Record<Exclude<LogKind, 'data'>, LogVerifyResult> = {
  operation: {
    kind: 'operation',
    intact: true,
    checkedAt: '2026-11-27 22:00:00',
    chains: [chain({}), chain({ scope: 'none', tenantId: null, checked: 5, headSeq: 5 })],
  },
  login: {
    kind: 'login',
    intact: false,
    checkedAt: '2026-11-27 22:00:01',
    chains: [
      chain({
        intact: false,
        checked: 40,
        problems: [
          {
            type: 'changed',
            seq: 7,
            id: 'L7',
            createTime: '2026-11-20 09:15:00',
            message: LOG_MESSAGES.rowChanged(7, 'L7', '2026-11-20 09:15:00'),
          },
          {
            type: 'removed',
            seq: 12,
            toSeq: 14,
            id: 'L15',
            createTime: '2026-11-21 10:00:00',
            message: LOG_MESSAGES.rowsRemoved(12, 14, 'L15', '2026-11-21 10:00:00'),
          },
        ],
      }),
    ],
  },
};

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], tenantList: [] });
});

function start(perms: string[]) {
  const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [], tenantList: [{ id: 1001, name: '管理中心' }] });
  const http = mockHttp({
    [`GET ${LOG_API.verify}`]: (c) => {
      const kind = (c.params as { kind: LogKind }).kind;
      return kind === 'data' ? fail(400, '本机的 Node.js 不支持 sm3 算法，无法校验该日志') : ok(RESULTS[kind]);
    },
  });
  restore = http.restore;
  renderWithApp(<LogVerifyButton />);
  return http;
}

describe('日志管理 → 完整性校验', () => {
  it('shows each log’s result by tenant: intact with its count, or the rows changed or removed', async () => {
    const http = start([PERM.logList, PERM.logVerify]);
    await userEvent.click(screen.getByRole('button', { name: /完整性校验/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(LOG_MESSAGES.verifyIntact('operation', 125))).toBeInTheDocument();
    expect(within(dialog).getByText('共校验 120 条记录，未发现篡改')).toBeInTheDocument();
    expect(within(dialog).getByText('无租户的记录（登录前的请求等）')).toBeInTheDocument();

    expect(await within(dialog).findByText(LOG_MESSAGES.verifyBroken('login', 2))).toBeInTheDocument();
    expect(within(dialog).getByText('被修改')).toBeInTheDocument();
    expect(within(dialog).getByText('被删除')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-11-20 09:15:00')).toBeInTheDocument();
    expect(within(dialog).getByText(/第 7 条记录（ID L7，2026-11-20 09:15:00）与其校验值不符/)).toBeInTheDocument();
    expect(within(dialog).getByText(/第 12–14 条记录缺失/)).toBeInTheDocument();
    expect(within(dialog).getAllByText('管理中心').length).toBeGreaterThan(0);
    // A log that cannot be checked says why, and the others still show.
    expect(await within(dialog).findByText(/无法校验该日志/)).toBeInTheDocument();

    const kinds = http.calls.map((c) => (c.params as { kind: string }).kind).sort();
    expect(kinds).toEqual(['data', 'login', 'operation']);
    await userEvent.click(within(dialog).getByRole('button', { name: '重新校验' }));
    await within(dialog).findByText(LOG_MESSAGES.verifyBroken('login', 2));
    expect(http.calls.length).toBe(6);
  });

  it('is not offered without the verify right', () => {
    start([PERM.logList]);
    expect(screen.queryByRole('button', { name: /完整性校验/ })).toBeNull();
  });
});
