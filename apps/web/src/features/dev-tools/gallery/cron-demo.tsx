import { useState } from 'react';
import { Typography } from 'antd';
import { CronEditor } from '@/components/cron/cron-editor';

export default function CronDemo() {
  const [expression, setExpression] = useState('0 0 0 * * ? *');
  return (
    <>
      <CronEditor value={expression} onChange={setExpression} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        当前值：
        <Typography.Text code data-testid="cron-demo-value">
          {expression}
        </Typography.Text>
      </Typography.Paragraph>
    </>
  );
}
