import { useEffect, useState } from 'react';
import { Badge, Card, List, Tag } from 'antd';
import { Link } from 'react-router';
import { ANNT_PRIORITY_ITEMS, MESSAGE_ROUTES, type AnnouncementRecord, type MyAnnouncement } from '@district/shared';
import { fetchMyAnnouncements, markNoticeRead } from '../api/message-api';
import { AnnouncementModal } from './announcement-modal';

export const LATEST_NOTICES_TEXT = { title: '最新通知', more: '更多', empty: '暂无通知' } as const;
const SHOWN = 5;

/** The dashboard's 最新通知: the user's five newest notices (unread marked); opening one marks it read. */
export default function LatestNotices() {
  const [rows, setRows] = useState<MyAnnouncement[] | null>(null);
  const [record, setRecord] = useState<AnnouncementRecord | null>(null);
  const load = () =>
    void fetchMyAnnouncements({ pageNo: 1, pageSize: SHOWN }, true).then(
      (page) => setRows(page.records),
      () => setRows([]),
    );
  useEffect(load, []);
  if (rows === null) return null;
  return (
    <Card
      size="small"
      title={LATEST_NOTICES_TEXT.title}
      extra={<Link to={MESSAGE_ROUTES.userAnnouncement}>{LATEST_NOTICES_TEXT.more}</Link>}
      style={{ marginTop: 16 }}
    >
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: LATEST_NOTICES_TEXT.empty }}
        renderItem={(row) => {
          const priority = ANNT_PRIORITY_ITEMS.find((p) => p.value === row.priority);
          return (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setRecord(row);
                if (row.readFlag === 0) void markNoticeRead(row.id).then(load, () => undefined);
              }}
              extra={row.sendTime}
            >
              <Badge dot={row.readFlag === 0} offset={[6, 0]}>
                {row.titile}
              </Badge>
              {priority && (
                <Tag color={priority.color} style={{ marginLeft: 12 }}>
                  {priority.text}
                </Tag>
              )}
            </List.Item>
          );
        }}
      />
      <AnnouncementModal record={record} onClose={() => setRecord(null)} />
    </Card>
  );
}
