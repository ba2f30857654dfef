import { Result } from 'antd';
import { useCurrentPage } from '@/components/page-content/current-page-context';

/** A menu entry names a page component the web app does not have. */
export function MissingComponentPage() {
  const page = useCurrentPage();
  return (
    <Result
      status="404"
      title="404"
      subTitle={page?.component ? `页面不存在：未找到页面组件 ${page.component}` : '页面不存在'}
    />
  );
}
