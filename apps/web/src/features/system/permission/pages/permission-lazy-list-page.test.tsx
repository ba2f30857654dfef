import type { PermissionLazyRow } from '@district/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PermissionLazyListPage } from './permission-lazy-list-page';
import { grant, record } from './permission-test-data';

const lazy = (id: string, name: string, hasChildren: boolean, extra = {}): PermissionLazyRow => ({
  ...record(id, { name, ...extra }),
  key: id,
  title: name,
  hasChildren,
});

describe('permission lazy list page', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => {
    http.restore();
    useSessionStore.setState({ auth: [], allAuth: [] });
  });

  function start() {
    grant();
    http = mockHttp({
      'GET /sys/permission/getSystemMenuList': ok([
        lazy('sys', '系统管理', true),
        lazy('stale', '旧菜单', true),
        lazy('home', '首页', false),
      ]),
      'GET /sys/permission/getSystemSubmenu': (config) => {
        const { parentId } = config.params as { parentId: string };
        return ok(parentId === 'sys' ? [lazy('user', '用户管理', true, { parentId: 'sys', menuType: 1 })] : []);
      },
      'GET /sys/permission/getSystemSubmenuBatch': (config) => {
        const ids = String((config.params as { parentIds: string }).parentIds).split(',');
        return ok(
          Object.fromEntries(
            ids.map((id) => [
              id,
              id === 'sys' ? [lazy('user', '用户管理', true, { parentId: 'sys', menuType: 1 })] : [],
            ]),
          ),
        );
      },
    });
    renderWithApp(<PermissionLazyListPage />);
  }

  const expandButton = (name: string) =>
    within(screen.getByText(name).closest('tr')!).getByRole('button', { name: /展开行|Expand row/ });

  it('shows only the top level; a row with children loads them when expanded', async () => {
    start();
    await screen.findByText('系统管理');
    expect(screen.queryByText('用户管理')).toBeNull();
    // A row without children has nothing to expand.
    expect(
      within(screen.getByText('首页').closest('tr')!).queryByRole('button', { name: /展开行|Expand row/ }),
    ).toBeNull();
    fireEvent.click(expandButton('系统管理'));
    expect(await screen.findByText('用户管理')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('加载中…')).toBeNull());
    expect(http.calls.find((c) => c.url === '/sys/permission/getSystemSubmenu')!.params).toMatchObject({
      parentId: 'sys',
    });
    // The fetched child has children of its own: it is expandable again, lazily.
    expect(expandButton('用户管理')).toBeInTheDocument();
  });

  it('turns a row whose children are gone into a leaf', async () => {
    start();
    await screen.findByText('旧菜单');
    fireEvent.click(expandButton('旧菜单'));
    await waitFor(() =>
      expect(
        within(screen.getByText('旧菜单').closest('tr')!).queryByRole('button', { name: /展开行|Expand row/ }),
      ).toBeNull(),
    );
    await waitFor(() => expect(screen.queryByText('加载中…')).toBeNull());
  });

  it('reloads every open level in one call', async () => {
    start();
    await screen.findByText('系统管理');
    fireEvent.click(expandButton('系统管理'));
    await screen.findByText('用户管理');
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.url === '/sys/permission/getSystemSubmenuBatch')?.params).toMatchObject({
        parentIds: 'sys',
      }),
    );
    expect(await screen.findByText('用户管理')).toBeInTheDocument();
  });
});
