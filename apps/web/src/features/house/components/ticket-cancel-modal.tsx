import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { TICKET_MESSAGES } from '@district/shared';
import { cancelTicket } from '../api/ticket-api';

export const TICKET_CANCEL_TEXT = {
  title: '作废房票',
  saved: '作废成功！',
  warning: (no: string) => `房票“${no}”作废后不能再使用，也不能恢复。`,
} as const;

export interface TicketCancelModalProps {
  open: boolean;
  ticket: { id: string; ticketNo: string } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 作废: a reason is required; only an issued or partly used ticket can be cancelled (the server checks). */
export function TicketCancelModal({ open, ticket, onClose, onSaved }: TicketCancelModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    if (!ticket) return;
    let reason: string;
    try {
      reason = ((await form.validateFields()).reason ?? '').trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await cancelTicket({ id: ticket.id, reason });
      void message.success(res.message || TICKET_CANCEL_TEXT.saved);
      onSaved();
    } catch {
      // The request layer shows the refusal.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={TICKET_CANCEL_TEXT.title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ danger: true }}
      forceRender
    >
      {ticket && (
        <Typography.Paragraph type="warning">{TICKET_CANCEL_TEXT.warning(ticket.ticketNo)}</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="ticket-cancel">
        <Form.Item
          label="作废原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: TICKET_MESSAGES.cancelReasonRequired },
            { max: 200, message: '作废原因最多200个字符' },
          ]}
        >
          <Input.TextArea rows={3} placeholder="请输入作废原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
