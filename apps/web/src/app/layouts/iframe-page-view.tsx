import { Result } from 'antd';
import { useCurrentPage } from '@/components/page-content/current-page-context';

/** A menu page that shows meta.url inside the workspace. */
export function IframePageView() {
  const page = useCurrentPage();
  if (!page?.url) return <Result status="404" title="404" subTitle="该菜单未配置页面地址" />;
  return <iframe className="iframe-page" src={page.url} title={page.title} />;
}
