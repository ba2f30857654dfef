import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Divider, Space } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PERM, TICKET_DICT, TICKET_ROUTES } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import {
  formatYuan,
  isOpen,
  resettlementQuery,
  runTicketExpiry,
  TICKET_URLS,
  type TicketRecord,
} from '../api/ticket-api';
import { TicketCancelModal } from '../components/ticket-cancel-modal';
import { TicketFormModal } from '../components/ticket-form-modal';
import { TicketStatusTag } from '../components/ticket-status-tag';
import { TicketUseModal } from '../components/ticket-use-modal';
import { PrintButton } from '../../print/components/print-button';

export const TICKET_LIST_TEXT = {
  issue: '发放房票',
  detail: '详情',
  use: '登记使用',
  cancel: '作废',
  edit: '编辑',
  expire: '执行过期',
  expireConfirm: '将有效期已过、仍未用完的房票标记为“已过期”，确定执行吗？',
} as const;

const money = (v: number | null | undefined) => formatYuan(v).replace('¥', '');

// Status and amounts first: what a person looks for in a ticket without scrolling sideways.
const COLUMNS: ListColumn<TicketRecord>[] = [
  { title: '房票编号', dataIndex: 'ticketNo', key: 'ticketNo', sorter: true, valueType: 'code', width: 160 },
  { title: '持票人', dataIndex: 'holderName', key: 'holderName', sorter: true, width: 100 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    sorter: true,
    width: 100,
    render: (v: string, r: TicketRecord) => <TicketStatusTag status={v} text={r.status_dictText} />,
  },
  {
    title: '票面金额(元)',
    dataIndex: 'faceAmount',
    key: 'faceAmount',
    sorter: true,
    align: 'right',
    width: 140,
    render: money,
  },
  {
    title: '剩余(元)',
    dataIndex: 'remainingAmount',
    key: 'remainingAmount',
    align: 'right',
    width: 140,
    render: money,
  },
  { title: '安置项目', dataIndex: 'projectId', key: 'projectId', sorter: true, width: 180 },
  { title: '身份证号', dataIndex: 'holderIdCard', key: 'holderIdCard', width: 180 },
  { title: '手机号', dataIndex: 'holderPhone', key: 'holderPhone', width: 120 },
  {
    title: '已使用(元)',
    dataIndex: 'usedAmount',
    key: 'usedAmount',
    sorter: true,
    align: 'right',
    width: 140,
    render: money,
  },
  { title: '发放日期', dataIndex: 'issueDate', key: 'issueDate', sorter: true, width: 110 },
  { title: '有效期至', dataIndex: 'expiryDate', key: 'expiryDate', sorter: true, width: 110 },
];

type Dialog = { kind: 'form' | 'use' | 'cancel'; record: TicketRecord | null } | null;

/** 房票管理: the room tickets with their filters, issuing, uses, cancelling, Excel and the expiry run. */
export function TicketListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const listRef = useRef<ListPageApi<TicketRecord>>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const projects = useQuery(resettlementQuery);
  const canUse = allowed(PERM.ticketUse);
  const canCancel = allowed(PERM.ticketCancel);
  const canEdit = allowed(PERM.ticketEdit);

  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(() => {
    setDialog(null);
    listRef.current?.reload();
  }, []);

  const queryFields = useMemo<QueryField[]>(
    () => [
      { kind: 'input', field: 'ticketNo', label: '房票编号', op: 'like', trim: true },
      { kind: 'input', field: 'holderName', label: '持票人', op: 'like', trim: true },
      { kind: 'input', field: 'holderPhone', label: '手机号', op: 'like', trim: true },
      { kind: 'dict', field: 'status', label: '状态', dictCode: TICKET_DICT.status },
      {
        kind: 'select',
        field: 'projectId',
        label: '安置项目',
        options: (projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
      },
      { kind: 'dateRange', field: 'issueDate', label: '发放日期' },
      { kind: 'dateRange', field: 'expiryDate', label: '有效期至' },
    ],
    [projects.data],
  );

  const rowActions = useCallback(
    (record: TicketRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        <Link to={`${TICKET_ROUTES.detail}?id=${encodeURIComponent(record.id)}`}>{TICKET_LIST_TEXT.detail}</Link>
        {canUse && isOpen(record.status) && (
          <a onClick={() => setDialog({ kind: 'use', record })}>{TICKET_LIST_TEXT.use}</a>
        )}
        {canCancel && isOpen(record.status) && (
          <a onClick={() => setDialog({ kind: 'cancel', record })}>{TICKET_LIST_TEXT.cancel}</a>
        )}
        {canEdit && isOpen(record.status) && (
          <a onClick={() => setDialog({ kind: 'form', record })}>{TICKET_LIST_TEXT.edit}</a>
        )}
      </Space>
    ),
    [canCancel, canEdit, canUse],
  );

  const expire = () =>
    modal.confirm({
      title: TICKET_LIST_TEXT.expire,
      content: TICKET_LIST_TEXT.expireConfirm,
      onOk: async () => {
        try {
          const res = await runTicketExpiry();
          void message.success(res.message);
          listRef.current?.reload();
        } catch {
          // The request layer shows the failure.
        }
      },
    });

  return (
    <Card size="small">
      <ListPage<TicketRecord>
        ref={listRef}
        url={{
          list: TICKET_URLS.list,
          delete: TICKET_URLS.delete,
          deleteBatch: TICKET_URLS.deleteBatch,
          exportXls: TICKET_URLS.exportXls,
          importExcel: TICKET_URLS.importExcel,
        }}
        columns={COLUMNS}
        queryFields={queryFields}
        permissions={{
          delete: PERM.ticketDelete,
          batchDelete: PERM.ticketDelete,
          export: PERM.ticketExport,
          import: PERM.ticketImport,
        }}
        exportName="房票信息"
        rowActions={rowActions}
        // A ticket something was spent from is cancelled, never deleted (the server refuses it too).
        deletable={(r) => !r.usedAmount}
        deleteLast
        toolbarExtra={(api) => (
          <>
            {allowed(PERM.ticketAdd) && (
              <Button type="primary" onClick={() => setDialog({ kind: 'form', record: null })}>
                {TICKET_LIST_TEXT.issue}
              </Button>
            )}
            {allowed(PERM.ticketExpire) && <Button onClick={expire}>{TICKET_LIST_TEXT.expire}</Button>}
            <PrintButton source="ticket" ids={api.selectedRowKeys.map(String)} fileName="房票" />
          </>
        )}
      />
      <TicketFormModal open={dialog?.kind === 'form'} record={dialog?.record ?? null} onClose={close} onSaved={saved} />
      <TicketUseModal open={dialog?.kind === 'use'} ticket={dialog?.record ?? null} onClose={close} onSaved={saved} />
      <TicketCancelModal
        open={dialog?.kind === 'cancel'}
        ticket={dialog?.record ?? null}
        onClose={close}
        onSaved={saved}
      />
    </Card>
  );
}
