import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BACKUP_API, PERM, type AuthEntry, type BackupOverview, type BackupRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { BackupPage } from './backup-page';

const record = (over: Partial<BackupRecord>): BackupRecord => ({
  id: 'b1',
  name: 'backup-20261128-020000-ab12',
  trigger: 'cron',
  status: 'success',
  method: 'sqlite-online',
  dbBytes: 2048,
  fileBytes: 3 * 1024 * 1024,
  fileCount: 12,
  checksum: 'a'.repeat(64),
  verified: true,
  message: null,
  startTime: '2026-11-28 02:00:00',
  endTime: '2026-11-28 02:00:03',
  createBy: 'system',
  ...over,
});

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

describe('数据备份 page', () => {
  it('lists the last backups with time, size, result and whether the checksums were verified; 立即备份 adds one', async () => {
    let records = [
      record({
        id: 'b2',
        name: 'backup-20261128-020000-ff00',
        status: 'failed',
        verified: false,
        message: '磁盘已满',
        method: null,
        dbBytes: 0,
        fileBytes: 0,
        fileCount: 0,
        startTime: '2026-11-28 02:00:00',
      }),
      record({ id: 'b1', name: 'backup-20261127-020000-ab12', startTime: '2026-11-27 02:00:00' }),
    ];
    const overview = (): BackupOverview => ({ records, dir: '/srv/backups', keepDays: 30, running: false });
    const http = mockHttp({
      [`GET ${BACKUP_API.list}`]: () => ok(overview()),
      [`POST ${BACKUP_API.run}`]: () => {
        records = [
          record({
            id: 'b3',
            name: 'backup-20261128-101500-cd34',
            trigger: 'manual',
            createBy: 'admin',
            startTime: '2026-11-28 10:15:00',
          }),
          ...records,
        ];
        return ok(records[0], '备份完成');
      },
    });
    restore = http.restore;
    useSessionStore.setState({
      auth: [entry(PERM.backupList), entry(PERM.backupRun)],
      allAuth: [entry(PERM.backupList), entry(PERM.backupRun)],
    });
    renderWithApp(<BackupPage />, { route: '/monitor/backup' });

    const failed = (await screen.findByText('backup-20261128-020000-ff00')).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('未通过')).toBeInTheDocument();
    expect(within(failed).getByText('磁盘已满')).toBeInTheDocument();
    const good = screen.getByText('backup-20261127-020000-ab12').closest('tr')!;
    expect(within(good).getByText('成功')).toBeInTheDocument();
    expect(within(good).getByText('已校验')).toBeInTheDocument();
    expect(within(good).getByText('12 个 / 3.0 MB')).toBeInTheDocument();
    expect(within(good).getByText('定时 · SQLite 在线备份')).toBeInTheDocument();
    expect(screen.getByText(/最近一次备份：2026-11-28 02:00:00，失败（磁盘已满）/)).toBeInTheDocument();
    expect(screen.getByText(/保留 30 天/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '立即备份' }));
    const added = (await screen.findByText('backup-20261128-101500-cd34')).closest('tr')!;
    expect(within(added).getByText('手动 · SQLite 在线备份')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/最近一次备份：2026-11-28 10:15:00，成功/)).toBeInTheDocument());
    expect(http.calls.filter((c) => c.url === BACKUP_API.run)).toHaveLength(1);
  }, 60_000);

  it('shows no 立即备份 button without the permission, and a backup in progress', async () => {
    restore = mockHttp({
      [`GET ${BACKUP_API.list}`]: ok({ records: [], dir: '/srv/backups', keepDays: 0, running: true }),
    }).restore;
    useSessionStore.setState({
      auth: [entry(PERM.backupList)],
      allAuth: [entry(PERM.backupList), entry(PERM.backupRun)],
    });
    renderWithApp(<BackupPage />, { route: '/monitor/backup' });
    expect(await screen.findByText(/保留 全部/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即备份' })).not.toBeInTheDocument();
    expect(screen.getByText('备份进行中…')).toBeInTheDocument();
  }, 60_000);
});
