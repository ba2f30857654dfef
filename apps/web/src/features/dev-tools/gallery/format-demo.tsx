import { useState } from 'react';
import { Button, Descriptions, InputNumber, Space, Typography } from 'antd';
import { formatDate, formatDateTime, formatTime, greetingOf, randomId, toChineseCurrency } from '@district/shared';

function capital(amount: number | null): { text: string; error: boolean } {
  if (amount === null) return { text: '', error: false };
  try {
    return { text: toChineseCurrency(amount), error: false };
  } catch (error) {
    return { text: (error as Error).message, error: true };
  }
}

export default function FormatDemo() {
  const [amount, setAmount] = useState<number | null>(12000);
  const [id, setId] = useState(randomId);
  const now = new Date();
  const result = capital(amount);
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="金额大写">
        <Space wrap>
          <InputNumber aria-label="金额" value={amount} onChange={setAmount} style={{ width: 220 }} />
          <Typography.Text type={result.error ? 'danger' : undefined} data-testid="currency-capital">
            {result.text}
          </Typography.Text>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="32 位标识">
        <Space>
          <Typography.Text code>{id}</Typography.Text>
          <Button size="small" onClick={() => setId(randomId())}>
            重新生成
          </Button>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="问候语">{greetingOf(now)}</Descriptions.Item>
      <Descriptions.Item label="日期 / 日期时间 / 时间">
        {formatDate(now)} / {formatDateTime(now)} / {formatTime(now)}
      </Descriptions.Item>
    </Descriptions>
  );
}
