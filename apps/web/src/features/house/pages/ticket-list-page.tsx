import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Card } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PERM, TICKET_RESOURCE as R, TICKET_ROUTES, type FieldKey } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { formatYuan, isOpen, resettlementQuery, runTicketExpiry, type TicketRecord } from '../api/ticket-api';
import { TicketCancelModal } from '../components/ticket-cancel-modal';
import { TicketFormModal } from '../components/ticket-form-modal';
import { TicketStatusTag } from '../components/ticket-status-tag';
import { TicketUseModal } from '../components/ticket-use-modal';
import { PrintButton } from '@/features/print/public';

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

/** A declared column with the page's own look: amounts in yuan under a short header, the status as a tag. */
const column = (key: FieldKey<typeof R>, own: Partial<ListColumn<TicketRecord>>): ListColumn<TicketRecord> =>
  ({ ...columnOf<TicketRecord>(R, key), ...own }) as ListColumn<TicketRecord>;

// Status and amounts first: what a person looks for in a ticket without scrolling sideways.
const COLUMNS: ColumnPick<TicketRecord, typeof R>[] = [
  'ticketNo',
  'holderName',
  column('status', {
    render: (v: string, r: TicketRecord) => <TicketStatusTag status={v} text={r.status_dictText} />,
  }),
  column('faceAmount', { title: `${R.fields.faceAmount.title}(元)`, align: 'right', render: money }),
  column('remainingAmount', { title: '剩余(元)', align: 'right', render: money }),
  'projectId',
  'holderIdCard',
  'holderPhone',
  column('usedAmount', { title: '已使用(元)', align: 'right', render: money }),
  'issueDate',
  'expiryDate',
];

/** A ticket on a phone: its holder, number and status, then the amounts and the project. */
const CARD = {
  title: 'holderName',
  subtitle: 'ticketNo',
  tag: 'status',
  fields: ['faceAmount', 'remainingAmount', 'projectId'],
} as const;

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

  const queryFields = useMemo<QueryPick<typeof R>[]>(
    () => [
      'ticketNo',
      'holderName',
      'holderPhone',
      'status',
      // The tenant's resettlement projects.
      {
        kind: 'select',
        field: 'projectId',
        label: R.fields.projectId.title,
        options: (projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
      },
      'issueDate',
      'expiryDate',
    ],
    [projects.data],
  );

  const rowActions = useCallback(
    (record: TicketRecord) => (
      <>
        <Link key="detail" to={`${TICKET_ROUTES.detail}?id=${encodeURIComponent(record.id)}`}>
          {TICKET_LIST_TEXT.detail}
        </Link>
        {canUse && isOpen(record.status) && (
          <a key="use" onClick={() => setDialog({ kind: 'use', record })}>
            {TICKET_LIST_TEXT.use}
          </a>
        )}
        {canCancel && isOpen(record.status) && (
          <a key="cancel" onClick={() => setDialog({ kind: 'cancel', record })}>
            {TICKET_LIST_TEXT.cancel}
          </a>
        )}
        {canEdit && isOpen(record.status) && (
          <a key="edit" onClick={() => setDialog({ kind: 'form', record })}>
            {TICKET_LIST_TEXT.edit}
          </a>
        )}
      </>
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
      <ListPage<TicketRecord, typeof R>
        ref={listRef}
        resource={R}
        columns={COLUMNS}
        queryFields={queryFields}
        fixedColumns={['ticketNo', 'holderName']}
        card={CARD}
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
            <PrintButton source="ticket" ids={api.selectedRowKeys.map(String)} fileName={R.title} />
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
