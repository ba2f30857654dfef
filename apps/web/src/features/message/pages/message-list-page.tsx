import { useCallback } from 'react';
import { App, Card, Tag } from 'antd';
import { MESSAGE_API, MESSAGE_CHANNEL_ITEMS, PERM, SEND_STATUS, SEND_STATUS_ITEMS } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { postAction } from '../../../lib/request';

interface MessageRow {
  id: string;
  templateCode: string | null;
  esType: string;
  esReceiver: string;
  esTitle: string | null;
  esSendStatus: string;
  esSendNum: number;
  esResult: string | null;
  esSendTime: string | null;
  nextTryTime: string | null;
  createTime: string | null;
}

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'esReceiver', label: '接收人', op: 'like', trim: true },
  {
    kind: 'select',
    field: 'esType',
    label: '消息类型',
    options: MESSAGE_CHANNEL_ITEMS.map((c) => ({ value: c.value, label: c.text })),
  },
  {
    kind: 'select',
    field: 'esSendStatus',
    label: '发送状态',
    options: SEND_STATUS_ITEMS.map((c) => ({ value: c.value, label: c.text })),
  },
];

const COLUMNS: ListColumn<MessageRow>[] = [
  { title: '消息标题', dataIndex: 'esTitle', key: 'esTitle', width: 200 },
  {
    title: '消息类型',
    dataIndex: 'esType',
    key: 'esType',
    width: 100,
    render: (v: string) => MESSAGE_CHANNEL_ITEMS.find((c) => c.value === v)?.text ?? v,
  },
  { title: '接收人', dataIndex: 'esReceiver', key: 'esReceiver', width: 200 },
  {
    title: '发送状态',
    dataIndex: 'esSendStatus',
    key: 'esSendStatus',
    width: 100,
    render: (v: string) => {
      const s = SEND_STATUS_ITEMS.find((i) => i.value === v);
      return s ? <Tag color={s.color}>{s.text}</Tag> : v;
    },
  },
  { title: '发送次数', dataIndex: 'esSendNum', key: 'esSendNum', sorter: true, width: 90 },
  { title: '失败原因', dataIndex: 'esResult', key: 'esResult', width: 220 },
  { title: '发送时间', dataIndex: 'esSendTime', key: 'esSendTime', sorter: true, width: 170 },
  { title: '下次重试时间', dataIndex: 'nextTryTime', key: 'nextTryTime', width: 170 },
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
            void postAction(`${MESSAGE_API.resend}?id=${encodeURIComponent(record.id)}`).then((res) => {
              if (res.success) void message.success(res.message);
              api.reload();
            })
          }
        >
          重新发送
        </a>
      ),
    [allowed, message],
  );
  return (
    <Card size="small">
      <ListPage<MessageRow>
        url={{ list: `${MESSAGE_API.base}/list`, delete: `${MESSAGE_API.base}/delete` }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{ delete: PERM.messageDelete }}
        rowActions={rowActions}
        selectable={false}
      />
    </Card>
  );
}
