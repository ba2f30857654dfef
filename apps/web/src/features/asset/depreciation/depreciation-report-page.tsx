import { useState } from 'react';
import { App, Button, Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { DEPRECIATION_API, PERM, addMonths, currentPeriod, type DepreciationReportRow } from '@district/shared';
import { exportXls } from '@/components/excel/export-xls';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { formatYuan } from '../api/asset-api';
import { bookDepreciation, depreciationReportKey, fetchDepreciationReport } from './depreciation-api';

export const DEPRECIATION_REPORT_TEXT = {
  month: '月份',
  export: '导出 Excel',
  book: '计提折旧',
  confirmTitle: '计提折旧',
  confirmContent: (period: string) => `确定计提 ${period} 的折旧吗？同一月份重复计提不会重复记账。`,
  category: '资产分类',
  depart: '所属部门',
  count: '资产数量',
  amount: '本月折旧额(元)',
  netAfter: '计提后净值(元)',
  total: '合计',
  empty: '该月份暂无折旧记录',
  fileName: (period: string) => `折旧报表${period}`,
} as const;

const T = DEPRECIATION_REPORT_TEXT;

/** 折旧报表: a month by category and department with totals; export, and 计提折旧 for holders of the right. */
export function DepreciationReportPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  // Last month: the one the monthly job books.
  const [period, setPeriod] = useState(() => addMonths(currentPeriod(), -1));
  const report = useQuery({
    queryKey: depreciationReportKey(period),
    queryFn: () => fetchDepreciationReport(period),
  });
  const total = report.data?.total;

  const book = () => {
    modal.confirm({
      title: T.confirmTitle,
      content: T.confirmContent(period),
      onOk: async () => {
        try {
          const res = await bookDepreciation(period);
          message.success(res.message);
          await report.refetch();
        } catch {
          // The request layer shows the server's message (e.g. a month still to come).
        }
      },
    });
  };

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{T.month}</span>
        <DatePicker
          picker="month"
          allowClear={false}
          aria-label={T.month}
          value={dayjs(`${period}-01`)}
          disabledDate={(d: Dayjs) => d.format('YYYY-MM') > currentPeriod()}
          onChange={(d: Dayjs | null) => d && setPeriod(d.format('YYYY-MM'))}
        />
        {allowed(PERM.assetDepreciationList) && (
          <Button
            onClick={() => void exportXls(DEPRECIATION_API.exportXls, T.fileName(period), { params: { period } })}
          >
            {T.export}
          </Button>
        )}
        {allowed(PERM.assetDepreciationBook) && (
          <Button type="primary" onClick={book}>
            {T.book}
          </Button>
        )}
      </Space>
      <Table<DepreciationReportRow>
        rowKey={(r) => `${r.categoryId}:${r.departId ?? ''}`}
        size="middle"
        bordered
        loading={report.isFetching}
        dataSource={report.data?.rows ?? []}
        locale={{ emptyText: T.empty }}
        pagination={false}
        columns={[
          { title: T.category, dataIndex: 'categoryName' },
          { title: T.depart, dataIndex: 'departName' },
          { title: T.count, dataIndex: 'count', align: 'right', width: 110 },
          { title: T.amount, dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
          { title: T.netAfter, dataIndex: 'netAfter', align: 'right', render: (v: number) => formatYuan(v) },
        ]}
        summary={() =>
          total && total.count > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>{T.total}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {total.count}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {formatYuan(total.amount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {formatYuan(total.netAfter)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
