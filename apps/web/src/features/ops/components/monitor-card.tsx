import type { ReactNode } from 'react';
import { Alert, Card, Flex, Typography } from 'antd';
import { MONITOR_REFRESH_MS } from './use-samples';

/** The frame of a monitoring page: its title, what it shows, the refresh rate, and a load error if any. */
export function MonitorCard({
  title,
  note,
  error,
  children,
}: {
  title: string;
  note?: string;
  error?: unknown;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={title}
      extra={<Typography.Text type="secondary">每 {MONITOR_REFRESH_MS / 1000} 秒刷新</Typography.Text>}
    >
      <Flex vertical gap="middle">
        {note && <Alert type="info" showIcon title={note} />}
        {error ? <Alert type="error" showIcon title="读取监控数据失败" /> : null}
        {children}
      </Flex>
    </Card>
  );
}
