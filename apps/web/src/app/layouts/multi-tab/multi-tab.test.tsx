import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { HOME_PATH, MSG, STORAGE_KEYS } from '@district/shared';
import { renderWithApp } from '@/test/render';
import { localStore } from '@/lib/storage';
import { MultiTab } from './multi-tab';
import { HOME_TAB, resolveTabTitle, useTabsStore, type TabItem } from './tabs-store';

const tab = (path: string, title: string): TabItem => ({ key: path, path, title });
const A = tab('/a', '页面A');
const B = tab('/b', '页面B');
const C = tab('/c', '页面C');

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

function renderTabs(tabs: TabItem[], active: string) {
  useTabsStore.setState({ tabs, refreshCounters: {} });
  return renderWithApp(
    <>
      <MultiTab activeKey={active} />
      <Where />
    </>,
    { route: active },
  );
}

const keys = () => useTabsStore.getState().tabs.map((t) => t.key);

function closeButtonOf(title: string) {
  const tabNode = screen.getByText(title).closest('[data-node-key]') as HTMLElement;
  return within(tabNode).getByRole('button', { name: '关闭' });
}

beforeEach(() => useTabsStore.getState().reset());
afterEach(() => useTabsStore.getState().reset());

describe('tabbed workspace', () => {
  it('starts with the fixed 首页 tab and keys tabs by full path', () => {
    const store = useTabsStore.getState();
    store.open(tab('/a?id=1', '页面A'), true);
    store.open(tab('/a?id=2', '页面A'), true);
    store.open(tab('/a?id=1', '页面A'), true);
    expect(keys()).toEqual([HOME_PATH, '/a?id=1', '/a?id=2']);
    expect(useTabsStore.getState().tabs[0].title).toBe('首页');
  });

  it('does not close the home tab: 首页不能关闭!', async () => {
    renderTabs([HOME_TAB, A], '/a');
    fireEvent.click(closeButtonOf('首页'));
    expect(await screen.findByText(MSG.homeTabCannotClose)).toBeInTheDocument();
    expect(keys()).toEqual([HOME_PATH, '/a']);
  });

  it('does not close the last remaining tab', async () => {
    renderTabs([A], '/a');
    fireEvent.click(closeButtonOf('页面A'));
    expect(await screen.findByText(MSG.lastTabCannotClose)).toBeInTheDocument();
    expect(keys()).toEqual(['/a']);
  });

  it('closing the active tab shows its neighbour', async () => {
    renderTabs([HOME_TAB, A, B, C], '/b');
    fireEvent.click(closeButtonOf('页面B'));
    expect(keys()).toEqual([HOME_PATH, '/a', '/c']);
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/c'));
  });

  it('offers 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他 on right click; 关闭其他 keeps home and the tab', async () => {
    renderTabs([HOME_TAB, A, B, C], '/c');
    fireEvent.contextMenu(screen.getByText('页面B'));
    for (const label of ['刷新', '关闭左侧', '关闭右侧']) expect(await screen.findByText(label)).toBeInTheDocument();
    fireEvent.click(await screen.findByText('关闭其他'));
    expect(keys()).toEqual([HOME_PATH, '/b']);
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/b'));
  });

  it('关闭左侧 keeps home, the tab and those on its right', async () => {
    renderTabs([HOME_TAB, A, B, C], '/b');
    fireEvent.contextMenu(screen.getByText('页面B'));
    fireEvent.click(await screen.findByText('关闭左侧'));
    expect(keys()).toEqual([HOME_PATH, '/b', '/c']);
  });

  it('关闭右侧 drops the tabs on the right, moving away from a closed active tab', async () => {
    renderTabs([HOME_TAB, A, B, C], '/c');
    fireEvent.contextMenu(screen.getByText('页面A'));
    fireEvent.click(await screen.findByText('关闭右侧'));
    expect(keys()).toEqual([HOME_PATH, '/a']);
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/a'));
  });

  it('刷新 remounts the page by bumping its counter', async () => {
    renderTabs([HOME_TAB, A], '/a');
    fireEvent.contextMenu(screen.getByText('页面A'));
    fireEvent.click(await screen.findByText('刷新'));
    expect(useTabsStore.getState().refreshCounters['/a']).toBe(1);
  });

  it('a title override shows on the tab and is stored under the route title key', async () => {
    renderTabs([HOME_TAB, A], '/a');
    useTabsStore.getState().setTitle('/a', '编辑-甲');
    expect(await screen.findByText('编辑-甲')).toBeInTheDocument();
    expect(localStore.get(`${STORAGE_KEYS.routeTitlePrefix}/a`)).toBe('编辑-甲');
    expect(resolveTabTitle('/a', '/a', '页面A')).toBe('编辑-甲');
    expect(resolveTabTitle(HOME_PATH, HOME_PATH, 'x')).toBe('首页');
  });

  it('leaving multi-tab mode keeps only the current page', () => {
    useTabsStore.setState({ tabs: [HOME_TAB, A, B] });
    useTabsStore.getState().open(B, false);
    expect(keys()).toEqual(['/b']);
  });

  it('turning multi-tab mode off and on again brings back the fixed 首页 tab first', () => {
    useTabsStore.setState({ tabs: [HOME_TAB, A, B] });
    useTabsStore.getState().open(B, false);
    useTabsStore.getState().open(B, true);
    expect(keys()).toEqual([HOME_PATH, '/b']);
    expect(useTabsStore.getState().tabs[0]).toMatchObject({ title: '首页', pending: true });

    // Single-page mode on the home page itself: back in multi-tab mode it is the one, shown tab.
    useTabsStore.getState().open(HOME_TAB, false);
    useTabsStore.getState().open(HOME_TAB, true);
    expect(useTabsStore.getState().tabs).toEqual([HOME_TAB]);
  });
});
