import { useCallback, useEffect, useMemo, useState } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Drawer, Layout } from 'antd';
import { HOME_PATH, LAYOUT } from '@district/shared';
import { PageTitleContext } from '@/components/page-content/page-title-context';
import { IdleWatcher } from '@/features/account/security/idle-watcher';
import '@/lib/dayjs-locale';
import { usePlatformInfo } from '@/lib/platform';
import { queryClient } from '@/lib/query-client';
import { useSettingsStore } from '@/lib/settings-store';
import { routeChain, type AppRoute } from '../router/build-routes';
import { STATIC_PAGES } from '../router/component-registry';
import { LazyView } from '../router/route-elements';
import { useRouting } from '../router/route-table-context';
import { AppLogo } from './app-logo';
import { GlobalFooter } from './global-footer';
import { GlobalHeader } from './global-header';
import { MultiTab } from './multi-tab/multi-tab';
import { resolveTabTitle, useTabsStore, type TabItem } from './multi-tab/tabs-store';
import { PageContentLayout } from './page-content-layout';
import { SettingDrawer } from './setting-drawer';
import { SideMenu } from './side-menu';
import { useCurrentRoute } from './use-current-route';
import { useIsMobile } from './use-is-mobile';

/**
 * One open page of the workspace. Each renders the menu routes at its own location, so pages in
 * background tabs stay mounted (and keep their state) while another tab is shown. The shell is only
 * entered at an unmatched path for a page the user may not open (main-area.tsx): that shows 403.
 */
function TabPage({ fullPath }: { fullPath: string }) {
  const { table, mainRoutes } = useRouting();
  const element = useRoutes(mainRoutes, fullPath);
  const { route, chain } = useMemo(() => {
    const matches = matchRoutes(mainRoutes, fullPath);
    const matched = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
    return { route: matched, chain: routeChain(table, matched) };
  }, [mainRoutes, table, fullPath]);
  const setTitle = useCallback((title: string) => useTabsStore.getState().setTitle(fullPath, title), [fullPath]);
  return (
    <PageTitleContext.Provider value={setTitle}>
      <PageContentLayout route={route} chain={chain}>
        {route ? element : <LazyView page={STATIC_PAGES.forbidden} />}
      </PageContentLayout>
    </PageTitleContext.Provider>
  );
}

/** The signed-in shell: menu (side, top or drawer), header, workspace tabs, pages and footer. */
export function MainLayout() {
  const settings = useSettingsStore();
  const isMobile = useIsMobile();
  const { systemName, showSettings } = usePlatformInfo();
  const location = useLocation();
  const { route } = useCurrentRoute();
  const tabs = useTabsStore((s) => s.tabs);
  const refreshCounters = useTabsStore((s) => s.refreshCounters);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const fullPath = `${location.pathname}${location.search}`;
  const collapsed = !settings.sidebarOpened;
  const sideLayout = settings.layout === 'sidemenu' || isMobile;

  // A group's own path only forwards to its first page: it gets no tab and no page of its own.
  const forwarding = route?.kind === 'container' && !!route.redirect && route.redirect !== route.path;

  useEffect(() => {
    if (!route || forwarding) return;
    const title = resolveTabTitle(fullPath, location.pathname, route.title);
    useTabsStore.getState().open({ key: fullPath, path: location.pathname, title }, settings.multipage);
  }, [fullPath, location.pathname, route, forwarding, settings.multipage]);

  const currentTab = tabs.find((tab) => tab.key === fullPath);
  const pageTitle = currentTab?.title ?? route?.title ?? '';
  useEffect(() => {
    if (!systemName) return;
    document.title = location.pathname === HOME_PATH || !pageTitle ? systemName : `${pageTitle} - ${systemName}`;
  }, [location.pathname, pageTitle, systemName]);

  // The current page renders at once, before the tab effect has registered it; pages of tabs never
  // shown yet wait for their first visit.
  const pages: TabItem[] = [
    ...tabs.filter((tab) => !tab.pending || tab.key === fullPath),
    ...(currentTab || forwarding ? [] : [{ key: fullPath, path: location.pathname, title: pageTitle }]),
  ];

  const toggleMenu = () => {
    if (isMobile) setDrawerOpen(!drawerOpen);
    else settings.update('sidebarOpened', collapsed);
  };

  const fixedWidth = !sideLayout && settings.contentWidth === 'Fixed';

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="app-main-layout" hasSider={sideLayout && !isMobile}>
        {sideLayout && !isMobile && (
          <Layout.Sider
            width={LAYOUT.sidebarOpen}
            collapsedWidth={LAYOUT.sidebarCollapsed}
            collapsed={collapsed}
            trigger={null}
            theme={settings.theme}
            className={`app-sider${settings.fixedSidebar ? ' app-sider-fixed' : ''}`}
          >
            <AppLogo collapsed={collapsed} theme={settings.theme} />
            <SideMenu mode="inline" theme={settings.theme} collapsed={collapsed} />
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer
            placement="left"
            size={LAYOUT.mobileDrawer}
            open={drawerOpen}
            closable={false}
            onClose={() => setDrawerOpen(false)}
            styles={{ body: { padding: 0 } }}
            className={`app-mobile-drawer app-mobile-drawer-${settings.theme}`}
          >
            <AppLogo theme={settings.theme} />
            <SideMenu mode="inline" theme={settings.theme} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <Layout className="app-main-column">
          <GlobalHeader
            isMobile={isMobile}
            sideLayout={sideLayout}
            menuCollapsed={isMobile ? !drawerOpen : collapsed}
            onToggleMenu={toggleMenu}
          />
          <Layout.Content className="app-content">
            <div className={fixedWidth ? 'app-content-fixed' : undefined}>
              {settings.multipage && <MultiTab activeKey={fullPath} />}
              {pages.map((tab) => (
                <div key={`${tab.key}#${refreshCounters[tab.key] ?? 0}`} hidden={tab.key !== fullPath}>
                  <TabPage fullPath={tab.key} />
                </div>
              ))}
            </div>
          </Layout.Content>
          <GlobalFooter />
        </Layout>
        {showSettings && <SettingDrawer />}
      </Layout>
      <IdleWatcher />
    </QueryClientProvider>
  );
}
