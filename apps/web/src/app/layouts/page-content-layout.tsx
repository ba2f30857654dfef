import { useCallback, useState, type ReactNode } from 'react';
import { Input, Space, Tabs, Typography } from 'antd';
import { PageContentContext, type PageContentOptions } from '@/components/page-content/page-content-context';
import type { AppRoute } from '../router/build-routes';
import { Breadcrumbs } from './breadcrumbs';

function sameOptions(a: PageContentOptions | null, b: PageContentOptions | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof PageContentOptions>;
  return [...keys].every((key) => a[key] === b[key]);
}

interface PageContentLayoutProps {
  route: AppRoute | undefined;
  chain: AppRoute[];
  children: ReactNode;
}

/**
 * Header above each page: breadcrumbs always (unless the route sets meta.hideHeader), plus the
 * title, description, links, extra image, search box and tabs a page hands over with usePageContent.
 */
export function PageContentLayout({ route, chain, children }: PageContentLayoutProps) {
  const [options, setOptions] = useState<PageContentOptions | null>(null);
  const update = useCallback(
    (next: PageContentOptions | null) => setOptions((previous) => (sameOptions(previous, next) ? previous : next)),
    [],
  );
  const hideHeader = route?.meta.hideHeader === true;

  return (
    <PageContentContext.Provider value={update}>
      {!hideHeader && (
        <div className="page-header">
          <Breadcrumbs chain={chain} />
          {options && (
            <div className="page-header-detail">
              <div className="page-header-main">
                {options.title && (
                  <Typography.Title level={4} style={{ margin: '8px 0' }}>
                    {options.title}
                  </Typography.Title>
                )}
                {options.description && <div className="page-header-description">{options.description}</div>}
                {options.linkList && options.linkList.length > 0 && (
                  <Space wrap>
                    {options.linkList.map((link) => (
                      <a key={link.href} href={link.href}>
                        {link.icon} {link.title}
                      </a>
                    ))}
                  </Space>
                )}
                {options.search && (
                  <Input.Search
                    style={{ maxWidth: 480, marginTop: 8 }}
                    placeholder="请输入"
                    enterButton="搜索"
                    onSearch={(value) => options.onSearch?.(value)}
                  />
                )}
              </div>
              {options.extraImage && <img className="page-header-extra-image" src={options.extraImage} alt="" />}
            </div>
          )}
          {options?.tabs && (
            <Tabs
              activeKey={options.tabs.activeKey}
              onChange={options.tabs.onChange}
              items={options.tabs.items}
              style={{ marginBottom: -16 }}
            />
          )}
        </div>
      )}
      <div className="page-content">{children}</div>
    </PageContentContext.Provider>
  );
}
