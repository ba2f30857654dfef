import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ANNT_PRIORITY_ITEMS, type AnnouncementRecord } from '@district/shared';

export const ANNOUNCEMENT_MODAL_TEXT = {
  title: '通知消息',
  close: '关闭',
  handle: '去处理',
  sender: '发布人',
  sendTime: '发布时间',
} as const;

export interface AnnouncementModalProps {
  record: AnnouncementRecord | null;
  onClose: () => void;
}

/**
 * The announcement detail modal (widgets-spec §2): 60% wide, body 80% of the window's height. 去处理 hides it and
 * opens openPage when openType is url. The content was sanitised by the server when it was saved.
 */
export function AnnouncementModal({ record, onClose }: AnnouncementModalProps) {
  const navigate = useNavigate();
  const priority = ANNT_PRIORITY_ITEMS.find((p) => p.value === record?.priority);
  const canHandle = record?.openType === 'url' && Boolean(record.openPage);
  return (
    <Modal
      open={Boolean(record)}
      title={ANNOUNCEMENT_MODAL_TEXT.title}
      width="60%"
      onCancel={onClose}
      destroyOnHidden
      styles={{ body: { height: '80vh', overflowY: 'auto' } }}
      footer={
        <Space>
          {canHandle && (
            <Button
              type="primary"
              onClick={() => {
                onClose();
                void navigate(record!.openPage!);
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
