import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ANNOUNCEMENT_RESOURCE, ANNT_PRIORITY_ITEMS, isSameSitePath, type AnnouncementRecord } from '@district/shared';

export const ANNOUNCEMENT_MODAL_TEXT = {
  title: '通知消息',
  close: '关闭',
  handle: '去处理',
  sender: ANNOUNCEMENT_RESOURCE.fields.sender.title,
  sendTime: ANNOUNCEMENT_RESOURCE.fields.sendTime.title,
} as const;

export const ANNOUNCEMENT_BODY_MAX_HEIGHT = 'min(80vh, calc(100vh - 240px))';

export interface AnnouncementModalProps {
  record: AnnouncementRecord | null;
  onClose: () => void;
}

/**
 * The announcement detail modal (widgets-spec §2): 60% wide, body at most 80% of the window's height. 去处理 hides it and
 * opens openPage through the router when openType is url and the page is a path of this site; any other stored
 * value (older data, another site) gets no button. The content was sanitised by the server when it was saved.
 */
export function AnnouncementModal({ record, onClose }: AnnouncementModalProps) {
  const navigate = useNavigate();
  const priority = ANNT_PRIORITY_ITEMS.find((p) => p.value === record?.priority);
  const page = record?.openType === 'url' && isSameSitePath(record.openPage) ? record.openPage : null;
  return (
    <Modal
      open={Boolean(record)}
      title={ANNOUNCEMENT_MODAL_TEXT.title}
      width="60%"
      onCancel={onClose}
      destroyOnHidden
      centered
      // The body takes at most 80% of the window but leaves room for the title and footer, so 关闭 stays on screen
      // (at 1440×900 a fixed 80vh body pushed the footer below the fold); long content scrolls inside.
      styles={{ body: { maxHeight: ANNOUNCEMENT_BODY_MAX_HEIGHT, overflowY: 'auto' } }}
      footer={
        <Space>
          {page && (
            <Button
              type="primary"
              onClick={() => {
                onClose();
                void navigate(page);
              }}
            >
              {ANNOUNCEMENT_MODAL_TEXT.handle}
            </Button>
          )}
          <Button onClick={onClose}>{ANNOUNCEMENT_MODAL_TEXT.close}</Button>
        </Space>
      }
    >
      {record && (
        <article>
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {record.titile}
          </Typography.Title>
          <div style={{ textAlign: 'center', marginBottom: 16, color: 'rgba(0,0,0,0.45)' }}>
            {priority && <Tag color={priority.color}>{priority.text}</Tag>}
            <span style={{ marginRight: 16 }}>
              {ANNOUNCEMENT_MODAL_TEXT.sender}：{record.sender ?? '-'}
            </span>
            <span>
              {ANNOUNCEMENT_MODAL_TEXT.sendTime}：{record.sendTime ?? '-'}
            </span>
          </div>
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: record.msgContent ?? '' }} />
        </article>
      )}
    </Modal>
  );
}
