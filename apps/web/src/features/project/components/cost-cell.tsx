import { Tooltip, Typography } from 'antd';
import { costRateOf, formatYuan } from '../api/project-api';

/**
 * The actual cost in yuan, marked when over budget: orange over 100% of the budget, red from 110%
 * (the ceiling itself is the server's to enforce).
 */
export function CostCell({ budget, actualCost }: { budget: number | null; actualCost: number | null }) {
  const text = formatYuan(actualCost);
  const rate = costRateOf(budget, actualCost);
  if (rate === null || rate <= 100) return <>{text}</>;
  const color = rate >= 110 ? '#f5222d' : '#fa8c16';
  return (
    <Tooltip title={`超出预算，已达预算的${rate.toFixed(1)}%`}>
      <Typography.Text style={{ color }} data-over-budget={rate >= 110 ? 'red' : 'orange'}>
        {text} ▲
      </Typography.Text>
    </Tooltip>
  );
}
