import { useCallback, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  ANNT_PRIORITY_ITEMS,
  MESSAGE_ROUTES,
  NOTICE_BELL_WIDTH,
  NOTICE_TIMING,
  PERM,
  type AnnouncementRecord,
  type NoticeItem,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { useSessionStore } from '@/lib/session-store';
import { useLiveAlarms } from '@/features/iot/public';
import { fetchAnnouncement, fetchNotices, markNoticeRead } from '../api/message-api';
import { AnnouncementModal } from './announcement-modal';
import { useNoticeSocket } from './use-notice-socket';

export const NOTICE_BELL_TEXT = {
  label: '消息通知',
  notices: '通知',
  system: '系统消息',
  more: '查看更多',
  empty: '暂无消息',
} as const;

function NoticeList({ items, onOpen }: { items: NoticeItem[]; onOpen: (item: NoticeItem) => void }) {
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTICE_BELL_TEXT.empty} />;
  return (
    <List
      size="small"
      dataSource={items}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(item) => {
        const priority = ANNT_PRIORITY_ITEMS.find((p) => p.value === item.priority);
        return (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpen(item)} data-testid="notice-item">
            <List.Item.Meta
              title={
                <Typography.Text ellipsis style={{ maxWidth: NOTICE_BELL_WIDTH - 90 }}>
                  {item.titile}
                </Typography.Text>
              }
              description={`${item.sender ?? ''} ${item.sendTime ?? ''}`}
            />
            {priority && <Tag color={priority.color}>{priority.text}</Tag>}
          </List.Item>
        );
      }}
    />
  );
}

/**
 * The header's notice bell (widgets-spec §2, §4): a popover of width 300 with the notices and the system
 * messages and their counts from listByUser, refreshed every 6 s and at once when the socket says so. A failed
 * load stops the timer (the socket or the next sign-in starts it again). Opening a notice marks it read,
 * reloads, and shows it in the announcement modal.
 */
export function NoticeBell() {
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const userId = useSessionStore((s) => s.userInfo?.id);
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<AnnouncementRecord | null>(null);
  const notices = useQuery({
    queryKey: ['message', 'notices', token],
    queryFn: fetchNotices,
    enabled: Boolean(token),
    // Every 6 s, in a background tab too, until a load fails; a load that succeeds again (socket, popover) resumes it.
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_TIMING.refreshMs),
    refetchIntervalInBackground: true,
  });
  const lists = notices.data ?? null;
  const { refetch } = notices;
  const load = useCallback(() => refetch(), [refetch]);
  const start = useCallback(() => void load(), [load]);

  const allowed = useHasPermission();
  const seesAlarms = allowed(PERM.alarmList);
  useNoticeSocket(userId, token, {
    onReload: start,
    onOpen: start,
    onAlarm: () => {
      if (seesAlarms) void useLiveAlarms.getState().refresh();
    },
  });

  const openNotice = async (item: NoticeItem) => {
    setOpen(false);
    try {
      await markNoticeRead(item.id);
    } finally {
      void load();
    }
    setRecord(await fetchAnnouncement(item.id));
  };

  const total = (lists?.anntMsgTotal ?? 0) + (lists?.sysMsgTotal ?? 0);
  const content = (
    <div style={{ width: NOTICE_BELL_WIDTH }}>
      <Tabs
        size="small"
        items={[
          {
            key: 'annt',
            label: `${NOTICE_BELL_TEXT.notices}(${lists?.anntMsgTotal ?? 0})`,
            children: <NoticeList items={lists?.anntMsgList ?? []} onOpen={(i) => void openNotice(i)} />,
          },
          {
            key: 'sys',
            label: `${NOTICE_BELL_TEXT.system}(${lists?.sysMsgTotal ?? 0})`,
            children: <NoticeList items={lists?.sysMsgList ?? []} onOpen={(i) => void openNotice(i)} />,
          },
        ]}
      />
      <div style={{ textAlign: 'center' }}>
        <Button
          type="link"
          onClick={() => {
            setOpen(false);
            void navigate(MESSAGE_ROUTES.userAnnouncement);
          }}
        >
          {NOTICE_BELL_TEXT.more}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) void load();
        }}
      >
        <Button type="text" aria-label={NOTICE_BELL_TEXT.label} className="app-header-action">
          <Badge count={total} size="small" offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <AnnouncementModal record={record} onClose={() => setRecord(null)} />
    </>
  );
}
