import { useState } from 'react';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { AxiosError } from 'axios';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PERM,
  TICKET_MESSAGES,
  TICKET_RESOURCE,
  TICKET_ROUTES,
  TICKET_USE_RESOURCE,
  type TicketUse,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { fetchTicketDetail, formatYuan, isOpen } from '../api/ticket-api';
import { TicketCancelModal } from '../components/ticket-cancel-modal';
import { TicketStatusTag } from '../components/ticket-status-tag';
import { TicketUseModal } from '../components/ticket-use-modal';

const F = TICKET_RESOURCE.fields;
const U = TICKET_USE_RESOURCE.fields;

export const TICKET_DETAIL_TEXT = {
  pick: '请先在房票管理中选择一张房票，再查看它的详情',
  toList: '返回房票管理',
  use: '登记使用',
  cancel: '作废',
  uses: TICKET_USE_RESOURCE.title,
  noUses: '暂无使用记录',
  loadFailed: '房票详情加载失败',
} as const;

export const ticketQueryKey = (id: string) => ['ticket-detail', id] as const;

const USE_COLUMNS: TableColumnsType<TicketUse> = [
  { title: U.useDate.title, dataIndex: 'useDate', key: 'useDate', width: 110 },
  { title: U.houseAddress.title, dataIndex: 'houseAddress', key: 'houseAddress' },
  {
    title: U.area.title,
    dataIndex: 'area',
    key: 'area',
    align: 'right',
    width: 100,
    render: (v: number | null) => (v === null ? '' : v.toFixed(2)),
  },
  {
    title: `${U.amount.title}(元)`,
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    width: 140,
    render: (v: number) => formatYuan(v),
  },
  { title: U.seller.title, dataIndex: 'seller', key: 'seller', width: 160 },
  { title: U.remark.title, dataIndex: 'remark', key: 'remark', ellipsis: true },
  {
    title: U.createBy.title,
    dataIndex: 'createBy',
    key: 'createBy',
    width: 100,
    // People by name: createBy is the login name.
    render: (v: string | null, row: TicketUse) => row.createByName ?? v ?? '',
  },
  { title: U.createTime.title, dataIndex: 'createTime', key: 'createTime', width: 170 },
];

const toList = <Link to={TICKET_ROUTES.list}>{TICKET_DETAIL_TEXT.toList}</Link>;

/** 房票详情 (/house/ticketDetail?id=…): the ticket's header, its three amounts in capitals, and its uses. */
export function TicketDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!id) {
    return (
      <Card>
        <Result status="info" title={TICKET_DETAIL_TEXT.pick} extra={toList} />
      </Card>
    );
  }
  return <TicketDetail id={id} />;
}

/** An amount and its capital numerals: ¥120,000.00 壹拾贰万元整. */
function Amount({ value, text, testId }: { value: number; text: string; testId: string }) {
  return (
    <Space size={12} data-testid={testId} wrap>
      <Typography.Text strong>{formatYuan(value)}</Typography.Text>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Space>
  );
}

function TicketDetail({ id }: { id: string }) {
  const allowed = useHasPermission();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'use' | 'cancel' | null>(null);
  const detail = useQuery({
    queryKey: ticketQueryKey(id),
    // The 404 is this page's own state, not a notice.
    queryFn: () => fetchTicketDetail(id, { silent: true }),
    retry: false,
  });

  if (detail.isPending) return <Skeleton active />;
  if (detail.isError || !detail.data) {
    const missing = detail.error instanceof AxiosError && detail.error.response?.status === 404;
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? TICKET_MESSAGES.notFound : TICKET_DETAIL_TEXT.loadFailed}
          subTitle={missing ? undefined : errorMessage(detail.error, '')}
          extra={toList}
        />
      </Card>
    );
  }
  const t = detail.data;
  const open = isOpen(t.status);
  const saved = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) });
  };

  return (
    <>
      <Card
        size="small"
        title={
          <Space>
            <span>房票 {t.ticketNo}</span>
            <TicketStatusTag status={t.status} text={t.statusText} />
          </Space>
        }
        extra={
          <Space>
            {toList}
            {open && allowed(PERM.ticketUse) && (
              <Button type="primary" onClick={() => setDialog('use')}>
                {TICKET_DETAIL_TEXT.use}
              </Button>
            )}
            {open && allowed(PERM.ticketCancel) && (
              <Button danger onClick={() => setDialog('cancel')}>
                {TICKET_DETAIL_TEXT.cancel}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={F.ticketNo.title}>{t.ticketNo}</Descriptions.Item>
          <Descriptions.Item label={F.status.title}>
            <TicketStatusTag status={t.status} text={t.statusText} />
          </Descriptions.Item>
          <Descriptions.Item label={F.projectId.title}>{t.projectName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={F.holderName.title}>{t.holderName}</Descriptions.Item>
          <Descriptions.Item label={F.holderIdCard.title}>{t.holderIdCard}</Descriptions.Item>
          <Descriptions.Item label={F.holderPhone.title}>{t.holderPhone}</Descriptions.Item>
          <Descriptions.Item label={F.faceAmount.title} span={{ xs: 1, sm: 2, lg: 3 }}>
            <Amount value={t.faceAmount} text={t.faceAmountText} testId="face-amount" />
          </Descriptions.Item>
          <Descriptions.Item label={F.usedAmount.title} span={{ xs: 1, sm: 2, lg: 3 }}>
            <Amount value={t.usedAmount} text={t.usedAmountText} testId="used-amount" />
          </Descriptions.Item>
          <Descriptions.Item label={F.remainingAmount.title} span={{ xs: 1, sm: 2, lg: 3 }}>
            <Amount value={t.remainingAmount} text={t.remainingAmountText} testId="remaining-amount" />
          </Descriptions.Item>
          <Descriptions.Item label={F.issueDate.title}>{t.issueDate}</Descriptions.Item>
          <Descriptions.Item label={F.expiryDate.title}>{t.expiryDate}</Descriptions.Item>
          <Descriptions.Item label="发放人">{t.createByName ?? t.createBy ?? ''}</Descriptions.Item>
          {t.cancelReason && (
            <Descriptions.Item label={F.cancelReason.title} span={{ xs: 1, sm: 2, lg: 3 }}>
              {t.cancelReason}
            </Descriptions.Item>
          )}
          {t.remark && (
            <Descriptions.Item label={F.remark.title} span={{ xs: 1, sm: 2, lg: 3 }}>
              {t.remark}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card size="small" title={TICKET_DETAIL_TEXT.uses} style={{ marginTop: 12 }}>
        <Table<TicketUse>
          rowKey="id"
          size="small"
          columns={USE_COLUMNS}
          dataSource={t.uses}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: TICKET_DETAIL_TEXT.noUses }}
        />
      </Card>
      <TicketUseModal open={dialog === 'use'} ticket={t} onClose={() => setDialog(null)} onSaved={saved} />
      <TicketCancelModal open={dialog === 'cancel'} ticket={t} onClose={() => setDialog(null)} onSaved={saved} />
    </>
  );
}
