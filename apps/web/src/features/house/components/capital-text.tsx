import { Typography } from 'antd';
import { capitalOf } from '../api/ticket-api';

/** An amount's capital numerals under a money field (大写：壹拾贰万元整), updated as the user types. */
export function CapitalText({ value, testId }: { value: number | string | null | undefined; testId?: string }) {
  const text = capitalOf(value);
  if (!text) return null;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      大写：{text}
    </Typography.Text>
  );
}
