import { Card, Empty } from 'antd';
import { PublicShell } from '../components/public-shell';

/** Public display of all published assets. No asset is published yet, and nothing is made up. */
export function AssetAllocationAllPage() {
  return (
    <PublicShell>
      <Card>
        <Empty description="暂无已发布的资产" />
      </Card>
    </PublicShell>
  );
}
