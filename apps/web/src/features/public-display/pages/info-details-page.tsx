import { Card, Empty } from 'antd';
import { PublicShell } from '../components/public-shell';

/** Public detail page of one published asset (`?id=`). No asset is published yet. */
export function InfoDetailsPage() {
  return (
    <PublicShell>
      <Card>
        <Empty description="暂无已发布的资产" />
      </Card>
    </PublicShell>
  );
}
