import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import {
  ANNOUNCEMENT_RESOURCE,
  ANNT_CATEGORY_ITEMS,
  ANNT_PRIORITY_ITEMS,
  type AnnouncementRecord,
  type MyAnnouncement,
} from '@district/shared';
import { fetchMyAnnouncements, markAllNoticesRead, markNoticeRead } from '../api/message-api';
import { errorMessage } from '@/lib/errors';
import { AnnouncementModal } from '../components/announcement-modal';

// The announcement's own fields are named as its declaration names them.
const F = ANNOUNCEMENT_RESOURCE.fields;

export const USER_ANNOUNCEMENT_TEXT = {
  title: F.titile.title,
  category: F.msgCategory.title,
  priority: F.priority.title,
  sender: F.sender.title,
  sendTime: F.sendTime.title,
  readFlag: '阅读状态',
  read: '已读',
  unread: '未读',
  action: '操作',
  view: '查看',
  allRead: '全部标注已读',
  allReadConfirm: '确定将全部消息标注为已读吗？',
  search: '查询',
  reset: '重置',
} as const;

interface Filters {
  titile?: string;
  readFlag?: string;
  msgCategory?: string;
}

/** 我的消息 (/isps/userAnnouncement): the user's notices and system messages, read and unread. */
export function UserAnnouncementPage() {
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [record, setRecord] = useState<AnnouncementRecord | null>(null);
  // The page shown stays while the next one loads.
  const mine = useQuery({
    queryKey: ['message', 'my-announcements', page, filters],
    queryFn: () => fetchMyAnnouncements({ ...page, ...filters }),
    placeholderData: keepPreviousData,
  });
  const data = mine.data ?? { records: [], total: 0 };
  const reload = () => void mine.refetch();

  const view = async (row: MyAnnouncement) => {
    setRecord(row);
    if (row.readFlag === 0) {
      await markNoticeRead(row.id);
      reload();
    }
  };

  const columns: ColumnsType<MyAnnouncement> = [
    { title: USER_ANNOUNCEMENT_TEXT.title, dataIndex: 'titile', ellipsis: true },
    {
      title: USER_ANNOUNCEMENT_TEXT.category,
      dataIndex: 'msgCategory',
      width: 110,
      render: (v: string) => ANNT_CATEGORY_ITEMS.find((c) => c.value === v)?.text ?? v,
    },
    {
      title: USER_ANNOUNCEMENT_TEXT.priority,
      dataIndex: 'priority',
      width: 110,
      render: (v: string) => {
        const p = ANNT_PRIORITY_ITEMS.find((i) => i.value === v);
        return p ? <Tag color={p.color}>{p.text}</Tag> : v;
      },
    },
    { title: USER_ANNOUNCEMENT_TEXT.sender, dataIndex: 'sender', width: 120 },
    { title: USER_ANNOUNCEMENT_TEXT.sendTime, dataIndex: 'sendTime', width: 170 },
    {
      title: USER_ANNOUNCEMENT_TEXT.readFlag,
      dataIndex: 'readFlag',
      width: 100,
      render: (v: number) =>
        v === 1 ? <Tag>{USER_ANNOUNCEMENT_TEXT.read}</Tag> : <Tag color="red">{USER_ANNOUNCEMENT_TEXT.unread}</Tag>,
    },
    {
      title: USER_ANNOUNCEMENT_TEXT.action,
      key: 'action',
      width: 90,
      render: (_: unknown, row) => <a onClick={() => void view(row)}>{USER_ANNOUNCEMENT_TEXT.view}</a>,
    },
  ];

  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder={`请输入${USER_ANNOUNCEMENT_TEXT.title}`}
          value={draft.titile}
          onChange={(e) => setDraft({ ...draft, titile: e.target.value })}
          style={{ width: 200 }}
          allowClear
        />
        <Select
          placeholder={USER_ANNOUNCEMENT_TEXT.category}
          value={draft.msgCategory}
          onChange={(v) => setDraft({ ...draft, msgCategory: v })}
          options={ANNT_CATEGORY_ITEMS.map((c) => ({ value: c.value, label: c.text }))}
          style={{ width: 140 }}
          allowClear
        />
        <Select
          placeholder={USER_ANNOUNCEMENT_TEXT.readFlag}
          value={draft.readFlag}
          onChange={(v) => setDraft({ ...draft, readFlag: v })}
          options={[
            { value: '0', label: USER_ANNOUNCEMENT_TEXT.unread },
            { value: '1', label: USER_ANNOUNCEMENT_TEXT.read },
          ]}
          style={{ width: 120 }}
          allowClear
        />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        >
          {USER_ANNOUNCEMENT_TEXT.search}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setFilters({});
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        >
          {USER_ANNOUNCEMENT_TEXT.reset}
        </Button>
        <Button
          onClick={() =>
            // Marking everything read cannot be undone, so it is confirmed first and its outcome always toasted.
            modal.confirm({
              title: USER_ANNOUNCEMENT_TEXT.allRead,
              content: USER_ANNOUNCEMENT_TEXT.allReadConfirm,
              onOk: () =>
                markAllNoticesRead().then(
                  (text) => {
                    void message.success(text);
                    reload();
                  },
                  (error: unknown) => void message.warning(errorMessage(error)),
                ),
            })
          }
        >
          {USER_ANNOUNCEMENT_TEXT.allRead}
        </Button>
      </Space>
      <Table<MyAnnouncement>
        rowKey="sendId"
        size="small"
        loading={mine.isFetching}
        columns={columns}
        dataSource={data.records}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <AnnouncementModal record={record} onClose={() => setRecord(null)} />
    </Card>
  );
}
