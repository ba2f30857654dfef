import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MONITOR_API } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { RedisPage } from './redis-page';

// The charts draw on a canvas jsdom lacks; the page's text is what is checked here.
vi.mock('../components/ops-chart', () => ({ OpsChart: () => null, lineOption: () => ({}) }));

let restore = () => undefined as void;
afterEach(() => restore());

describe('Redis监控 page', () => {
  it('titles the INFO sections in Chinese', async () => {
    restore = mockHttp({
      [`GET ${MONITOR_API.redis}`]: ok({
        configured: true,
        version: '7.2.4',
        dbSize: 10,
        prefixKeys: 4,
        usedMemory: 1024,
        usedMemoryHuman: '1K',
        opsPerSecond: 1,
        sections: [
          { name: 'server', entries: [['redis_version', '7.2.4']] },
          { name: 'memory', entries: [['used_memory', '1024']] },
          { name: 'keyspace', entries: [['db0', 'keys=10']] },
        ],
      }),
    }).restore;
    renderWithApp(<RedisPage />);
    expect(await screen.findByText('服务器')).toBeInTheDocument();
    expect(screen.getByText('键空间')).toBeInTheDocument();
    expect(screen.getAllByText('内存').length).toBeGreaterThan(0);
    expect(screen.queryByText('server')).toBeNull();
    expect(screen.queryByText('keyspace')).toBeNull();
  });
});
