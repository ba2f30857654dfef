import { lazy, Suspense } from 'react';
import { Card, Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PERM, type DepreciationEntry } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { formatYuan } from '../api/asset-api';
import { depreciationScheduleKey, fetchDepreciationSchedule } from './depreciation-api';

// echarts is fetched only when a schedule is shown.
const NetValueChart = lazy(() => import('./net-value-chart').then((m) => ({ default: m.NetValueChart })));

export const DEPRECIATION_SCHEDULE_TEXT = {
  title: '折旧',
  life: '折旧年限',
  years: (n: number) => `${n} 年`,
  residual: '残值',
  residualRate: '残值率',
  start: '起始月份',
  period: '期间',
  amount: '折旧额(元)',
  accumulated: '累计折旧(元)',
  netAfter: '净值(元)',
  state: '状态',
  booked: '已计提',
  projected: '预计',
  empty: '暂无折旧记录',
} as const;

const T = DEPRECIATION_SCHEDULE_TEXT;

/**
 * 资产详情's 折旧 section: the life, the booked months and the projection of the rest (table), and the net value over
 * time (chart). Shown to holders of 折旧查询; `netValue` is part of the query key so a revaluation reloads it.
 */
export function DepreciationSchedule({ assetId, netValue }: { assetId: string; netValue?: number | null }) {
  const allowed = useHasPermission();
  const canRead = allowed(PERM.assetDepreciationList);
  const schedule = useQuery({
    queryKey: [...depreciationScheduleKey(assetId), netValue ?? null],
    queryFn: () => fetchDepreciationSchedule(assetId),
    enabled: canRead,
  });
  if (!canRead) return null;
  const s = schedule.data;
  return (
    <Card size="small" title={T.title} style={{ marginTop: 16 }} loading={schedule.isPending}>
      {s && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={T.life}>{s.lifeYears ? T.years(s.lifeYears) : '-'}</Descriptions.Item>
            <Descriptions.Item label={T.residualRate}>{`${s.residualRate}%`}</Descriptions.Item>
            <Descriptions.Item label={T.residual}>
              {s.residual === null ? '-' : `${formatYuan(s.residual)} 元`}
            </Descriptions.Item>
            <Descriptions.Item label={T.start}>{s.startPeriod ?? '-'}</Descriptions.Item>
          </Descriptions>
          {s.note && (
            <Typography.Paragraph type="secondary" data-testid="depreciation-note">
              {s.note}
            </Typography.Paragraph>
          )}
          {s.entries.length > 0 && (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
              <NetValueChart entries={s.entries} />
            </Suspense>
          )}
          <Table<DepreciationEntry>
            size="small"
            rowKey="period"
            dataSource={s.entries}
            locale={{ emptyText: T.empty }}
            pagination={{ pageSize: 12, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: T.period, dataIndex: 'period', width: 110 },
              { title: T.amount, dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
              { title: T.accumulated, dataIndex: 'accumulated', align: 'right', render: (v: number) => formatYuan(v) },
              { title: T.netAfter, dataIndex: 'netAfter', align: 'right', render: (v: number) => formatYuan(v) },
              {
                title: T.state,
                dataIndex: 'projected',
                width: 90,
                render: (p: boolean) => (p ? <Tag>{T.projected}</Tag> : <Tag color="blue">{T.booked}</Tag>),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
