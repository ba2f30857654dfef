import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { openWindow } from '@/lib/browser';
import type { MenuTheme } from '@/lib/settings-store';
import type { AppRoute } from '../router/build-routes';
import { useRouting } from '../router/route-table-context';
import { storeRouteTitle } from './multi-tab/tabs-store';
import { MenuIcon } from './menu-icon';
import { useCurrentRoute } from './use-current-route';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(routes: AppRoute[], depth = 0): MenuItem[] {
  return routes
    .filter((route) => !route.hidden)
    .map((route): MenuItem => {
      const icon = <MenuIcon name={route.icon} />;
      const visibleChildren = route.children.filter((child) => !child.hidden);
      // An always-show entry is a page of its own: its children are detail pages, not menu items.
      if (route.kind === 'container' && !route.alwaysShow && visibleChildren.length > 0) {
        return { key: route.path, icon, label: route.title, children: toItems(visibleChildren, depth + 1) };
      }
      return { key: route.path, icon, label: route.title };
    });
}

interface SideMenuProps {
  mode: 'inline' | 'horizontal';
  theme: MenuTheme;
  collapsed?: boolean;
  /** Called after an item was picked (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The menu built from the user's menu tree, for the side bar, the mobile drawer and the top bar. */
export function SideMenu({ mode, theme, collapsed = false, onNavigate }: SideMenuProps) {
  const navigate = useNavigate();
  const { table } = useRouting();
  const { chain } = useCurrentRoute();
  const items = useMemo(() => toItems(table.tree), [table]);

  // Detail pages are hidden: the nearest visible entry of the chain stays highlighted.
  const selectedKey = [...chain].reverse().find((route) => !route.hidden)?.path;
  const parentKeys = useMemo(() => chain.slice(0, -1).map((route) => route.path), [chain]);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);
  useEffect(() => {
    setOpenKeys((previous) => [...new Set([...previous, ...parentKeys])]);
  }, [parentKeys]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = table.byPath.get(key);
    if (!route) return;
    storeRouteTitle(route.path, route.title);
    if (route.external) openWindow(route.url || route.path);
    else void navigate(route.path);
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
