import { Result } from 'antd';
import { useCurrentPage } from '@/components/page-content/current-page-context';

/** Generated list kinds (online forms, reports) need an engine this product does not ship yet. */
export function NotOpenPage() {
  const page = useCurrentPage();
  return <Result status="info" title="该功能尚未开放" subTitle={page?.title} />;
}
