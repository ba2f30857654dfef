import { useCallback } from 'react';
import { App, Card, Tag } from 'antd';
import {
  MESSAGE_API,
  MESSAGE_CHANNEL_ITEMS,
  MESSAGE_RECORD_RESOURCE as R,
  PERM,
  SEND_STATUS,
  SEND_STATUS_ITEMS,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { postAction } from '@/lib/request';

interface MessageRow {
  id: string;
  templateCode: string | null;
  esType: string;
  esReceiver: string;
  /** A system message's receiver by real name (esReceiver is the user's id). */
  esReceiver_dictText?: string | null;
  esTitle: string | null;
  esSendStatus: string;
  esSendNum: number;
  esResult: string | null;
  esSendTime: string | null;
  nextTryTime: string | null;
  createTime: string | null;
}

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'esReceiver',
  {
    kind: 'select',
    field: 'esType',
    label: R.fields.esType.title,
    options: MESSAGE_CHANNEL_ITEMS.map((c) => ({ value: c.value, label: c.text })),
  },
  {
    kind: 'select',
    field: 'esSendStatus',
    label: R.fields.esSendStatus.title,
    options: SEND_STATUS_ITEMS.map((c) => ({ value: c.value, label: c.text })),
  },
];

const COLUMNS: ColumnPick<MessageRow, typeof R>[] = [
  'esTitle',
  {
    ...columnOf<MessageRow>(R, 'esType'),
    render: (v: string) => MESSAGE_CHANNEL_ITEMS.find((c) => c.value === v)?.text ?? v,
  },
  {
    ...columnOf<MessageRow>(R, 'esReceiver'),
    render: (v: string, row: MessageRow) => row.esReceiver_dictText ?? v,
  },
  {
    ...columnOf<MessageRow>(R, 'esSendStatus'),
    render: (v: string) => {
      const s = SEND_STATUS_ITEMS.find((i) => i.value === v);
      return s ? <Tag color={s.color}>{s.text}</Tag> : v;
    },
  },
  'esSendNum',
  'esResult',
  'esSendTime',
  'nextTryTime',
];

/** 消息记录: every message sent, its status, attempts and last error; a failed one can be sent again. */
export function MessageListPage() {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const rowActions = useCallback(
    (record: MessageRow, api: ListPageApi<MessageRow>) =>
      allowed(PERM.messageResend) &&
      record.esSendStatus !== SEND_STATUS.sent && (
        <a
          onClick={() =>
            void postAction(`${MESSAGE_API.resend}?id=${encodeURIComponent(record.id)}`).then(
              (res) => {
                // Refused again is answered success false: a warning with the reason, not 已重新发送 in green.
                if (res.success) void message.success(res.message);
                else void message.warning(res.message);
                api.reload();
              },
              () => api.reload() /* the request layer showed the refusal */,
            )
          }
        >
          重新发送
        </a>
      ),
    [allowed, message],
  );
  return (
    <Card size="small">
      <ListPage<MessageRow, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        selectable={false}
      />
    </Card>
  );
}
