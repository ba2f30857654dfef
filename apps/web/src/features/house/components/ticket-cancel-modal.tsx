import { Form, Input, Typography } from 'antd';
import { TICKET_RESOURCE as R } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
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
  // The request layer shows the refusal.
  const save = async ({ reason }: { reason?: string }) => {
    if (!ticket) throw new Error(TICKET_CANCEL_TEXT.title);
    const res = await cancelTicket({ id: ticket.id, reason: (reason ?? '').trim() });
    return { message: res.message || TICKET_CANCEL_TEXT.saved };
  };

  return (
    <RecordFormModal<{ id: string; ticketNo: string }, { reason?: string }>
      open={open}
      record={null}
      titles={{ add: TICKET_CANCEL_TEXT.title, edit: TICKET_CANCEL_TEXT.title }}
      formName="ticket-cancel"
      width={520}
      layout="vertical"
      modalProps={{ okButtonProps: { danger: true } }}
      header={
        ticket && (
          <Typography.Paragraph type="warning">{TICKET_CANCEL_TEXT.warning(ticket.ticketNo)}</Typography.Paragraph>
        )
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'cancelReason')} name="reason">
        <Input.TextArea rows={3} placeholder={inputPlaceholder(R, 'cancelReason')} />
      </Form.Item>
    </RecordFormModal>
  );
}
