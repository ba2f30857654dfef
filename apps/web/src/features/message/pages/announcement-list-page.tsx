import { useCallback, useState } from 'react';
import { App, Card, Popconfirm, Space, Tag } from 'antd';
import {
  ANNT_CATEGORY_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_STATUS,
  ANNT_STATUS_ITEMS,
  ANNT_TARGET_ITEMS,
  PERM,
  type AnnouncementRecord,
} from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { ANNT_URLS, releaseAnnouncement, revokeAnnouncement, type AnnouncementRow } from '../api/message-api';
import { AnnouncementFormModal } from '../components/announcement-form-modal';
import { AnnouncementModal } from '../components/announcement-modal';

export const ANNOUNCEMENT_PAGE_TEXT = {
  release: '发布',
  revoke: '撤销',
  view: '查看',
  releaseConfirm: '确定发布该通告吗?',
  revokeConfirm: '确定撤销该通告吗?',
} as const;

const label = (items: readonly { value: string; text: string }[], v: string) =>
  items.find((i) => i.value === v)?.text ?? v;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'titile', label: '标题', op: 'like', trim: true },
  {
    kind: 'select',
    field: 'sendStatus',
    label: '发布状态',
    options: ANNT_STATUS_ITEMS.map((s) => ({ value: s.value, label: s.text })),
  },
];

const COLUMNS: ListColumn<AnnouncementRow>[] = [
  { title: '标题', dataIndex: 'titile', key: 'titile', sorter: true, width: 240 },
  {
    title: '消息类型',
    dataIndex: 'msgCategory',
    key: 'msgCategory',
    width: 100,
    render: (v: string) => label(ANNT_CATEGORY_ITEMS, v),
  },
  {
    title: '优先级',
    dataIndex: 'priority',
    key: 'priority',
    width: 100,
    render: (v: string) => {
      const p = ANNT_PRIORITY_ITEMS.find((i) => i.value === v);
      return p ? <Tag color={p.color}>{p.text}</Tag> : v;
    },
  },
  {
    title: '通告对象',
    dataIndex: 'msgType',
    key: 'msgType',
    width: 100,
    render: (v: string) => label(ANNT_TARGET_ITEMS, v),
  },
  {
    title: '发布状态',
    dataIndex: 'sendStatus',
    key: 'sendStatus',
    width: 100,
    render: (v: string) => {
      const s = ANNT_STATUS_ITEMS.find((i) => i.value === v);
      return s ? <Tag color={s.color}>{s.text}</Tag> : v;
    },
  },
  { title: '发布人', dataIndex: 'sender', key: 'sender', width: 110 },
  { title: '发布时间', dataIndex: 'sendTime', key: 'sendTime', sorter: true, width: 170 },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 通告管理: drafts, release (doReleaseData), revoke (doReovkeData); released ones are locked until revoked. */
export function AnnouncementListPage() {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);

  const rowActions = useCallback(
    (record: AnnouncementRow, api: ListPageApi<AnnouncementRow>) => {
      const run = (action: (id: string) => Promise<string>) =>
        action(record.id).then(
          (text) => {
            void message.success(text);
            api.reload();
          },
          (error: Error) => void message.warning(error.message),
        );
      return (
        <Space size={4}>
          <a onClick={() => setViewing(record)}>{ANNOUNCEMENT_PAGE_TEXT.view}</a>
          {allowed(PERM.anntRelease) && record.sendStatus !== ANNT_STATUS.released && (
            <Popconfirm title={ANNOUNCEMENT_PAGE_TEXT.releaseConfirm} onConfirm={() => run(releaseAnnouncement)}>
              <a>{ANNOUNCEMENT_PAGE_TEXT.release}</a>
            </Popconfirm>
          )}
          {allowed(PERM.anntRelease) && record.sendStatus === ANNT_STATUS.released && (
            <Popconfirm title={ANNOUNCEMENT_PAGE_TEXT.revokeConfirm} onConfirm={() => run(revokeAnnouncement)}>
              <a>{ANNOUNCEMENT_PAGE_TEXT.revoke}</a>
            </Popconfirm>
          )}
        </Space>
      );
    },
    [allowed, message],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<AnnouncementRow>) => (
      <AnnouncementFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<AnnouncementRow>
        url={{ list: ANNT_URLS.list, delete: ANNT_URLS.delete, deleteBatch: ANNT_URLS.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.anntAdd,
          edit: PERM.anntEdit,
          delete: PERM.anntDelete,
          batchDelete: PERM.anntDelete,
        }}
        deletable={(r) => r.sendStatus !== ANNT_STATUS.released}
        renderEditor={renderEditor}
        rowActions={rowActions}
        actionColumnWidth={230}
      />
      <AnnouncementModal record={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
