import { Result } from 'antd';

/** Replaced by the page of issue 10 (being built). */
export function CompanyProfilePage() {
  return <Result status="info" title="页面建设中" />;
}
