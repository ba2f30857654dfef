import { useCallback, useState } from 'react';
import { App, Card, Popconfirm, Space, Tag } from 'antd';
import {
  ANNT_CATEGORY_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_STATUS,
  ANNT_STATUS_ITEMS,
  ANNT_TARGET_ITEMS,
  ANNOUNCEMENT_RESOURCE as R,
  PERM,
  type AnnouncementRecord,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { releaseAnnouncement, revokeAnnouncement, type AnnouncementRow } from '../api/message-api';
import { ANNOUNCEMENT_FORM_TEXT, AnnouncementFormModal } from '../components/announcement-form-modal';
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

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'titile',
  {
    kind: 'select',
    field: 'sendStatus',
    label: R.fields.sendStatus.title,
    options: ANNT_STATUS_ITEMS.map((s) => ({ value: s.value, label: s.text })),
  },
];

const COLUMNS: ColumnPick<AnnouncementRow, typeof R>[] = [
  'titile',
  { ...columnOf<AnnouncementRow>(R, 'msgCategory'), render: (v: string) => label(ANNT_CATEGORY_ITEMS, v) },
  {
    ...columnOf<AnnouncementRow>(R, 'priority'),
    render: (v: string) => {
      const p = ANNT_PRIORITY_ITEMS.find((i) => i.value === v);
      return p ? <Tag color={p.color}>{p.text}</Tag> : v;
    },
  },
  {
    ...columnOf<AnnouncementRow>(R, 'msgType'),
    // The list says 通告对象 where the record's field is 通告对象类型.
    title: ANNOUNCEMENT_FORM_TEXT.target,
    render: (v: string) => label(ANNT_TARGET_ITEMS, v),
  },
  {
    ...columnOf<AnnouncementRow>(R, 'sendStatus'),
    render: (v: string) => {
      const s = ANNT_STATUS_ITEMS.find((i) => i.value === v);
      return s ? <Tag color={s.color}>{s.text}</Tag> : v;
    },
  },
  'sender',
  'sendTime',
  'createTime',
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
      <ListPage<AnnouncementRow, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        deletable={(r) => r.sendStatus !== ANNT_STATUS.released}
        renderEditor={renderEditor}
        rowActions={rowActions}
        actionColumnWidth={230}
      />
      <AnnouncementModal record={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
