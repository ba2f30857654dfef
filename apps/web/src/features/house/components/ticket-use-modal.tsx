import { Alert, DatePicker, Descriptions, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_FORMAT,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_RESOURCE as T,
  TICKET_USE_RESOURCE as U,
} from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { capitalOf, formatYuan, recordTicketUse } from '../api/ticket-api';
import { CapitalText } from './capital-text';

export const TICKET_USE_TEXT = {
  title: '登记使用',
  saved: '登记成功！',
  remaining: T.fields.remainingAmount.title,
} as const;

/** What the modal needs of a ticket (a list row or the detail answer). */
export interface UsableTicket {
  id: string;
  ticketNo: string;
  holderName: string;
  faceAmount: number;
  usedAmount: number;
  issueDate: string;
  expiryDate: string;
}

interface Values {
  amount?: number | null;
  useDate?: Dayjs | null;
  houseAddress?: string;
  area?: number | null;
  seller?: string;
  remark?: string;
}

const plainYuan = (v: number) => formatYuan(v).replace('¥', '');

export interface TicketUseModalProps {
  open: boolean;
  ticket: UsableTicket | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 登记使用: the remaining amount (also in capital numerals) and the amount being spent written out as the
 * user types. The server has the last word: a use that no longer fits is refused with its reason.
 */
export function TicketUseModal({ open, ticket, onClose, onSaved }: TicketUseModalProps) {
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);
  const remaining = ticket ? Math.round(ticket.faceAmount * 100 - ticket.usedAmount * 100) / 100 : 0;

  // The request layer shows the server's refusal (over the remaining amount, expired, cancelled…).
  const save = async (v: Values) => {
    if (!ticket) throw new Error(TICKET_USE_TEXT.title);
    const res = await recordTicketUse({
      ticketId: ticket.id,
      amount: v.amount ?? 0,
      useDate: v.useDate ? v.useDate.format(DATE_FORMAT) : '',
      houseAddress: (v.houseAddress ?? '').trim(),
      area: v.area ?? null,
      seller: (v.seller ?? '').trim(),
      remark: v.remark?.trim() || null,
    });
    return { message: res.message || TICKET_USE_TEXT.saved };
  };

  return (
    <RecordFormModal<UsableTicket, Values>
      open={open}
      record={null}
      form={form}
      titles={{ add: TICKET_USE_TEXT.title, edit: TICKET_USE_TEXT.title }}
      formName="ticket-use"
      width={640}
      layout="vertical"
      header={
        ticket && (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }} bordered>
              <Descriptions.Item label={T.fields.ticketNo.title}>{ticket.ticketNo}</Descriptions.Item>
              <Descriptions.Item label={T.fields.holderName.title}>{ticket.holderName}</Descriptions.Item>
              <Descriptions.Item label={TICKET_USE_TEXT.remaining} span={2}>
                <span data-testid="use-remaining">{formatYuan(remaining)}</span>（{capitalOf(remaining)}）
              </Descriptions.Item>
            </Descriptions>
            {remaining <= 0 && <Alert type="warning" showIcon title={TICKET_MESSAGES.usedUp} />}
          </>
        )
      }
      initialValues={() => ({ useDate: dayjs() })}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label={U.fields.amount.title}
        name="amount"
        extra={<CapitalText value={amount} testId="use-amount-capital" />}
        rules={[
          { required: true, message: TICKET_MESSAGES.amount },
          {
            validator: async (_r, value: number | null | undefined) => {
              if (value === null || value === undefined) return;
              if (value >= TICKET_LIMITS.maxYuan) throw new Error(TICKET_MESSAGES.tooLarge);
              if (!(value > 0)) throw new Error(TICKET_MESSAGES.amount);
              if (value > remaining) throw new Error(TICKET_MESSAGES.overRemaining(plainYuan(remaining)));
            },
          },
        ]}
      >
        <InputNumber
          style={{ width: '100%' }}
          min={0}
          precision={2}
          suffix="元"
          placeholder={inputPlaceholder(U, 'amount')}
        />
      </Form.Item>
      <Form.Item
        {...formField(U, 'useDate')}
        rules={[
          ...formField(U, 'useDate').rules,
          {
            validator: async (_r, value: Dayjs | null | undefined) => {
              if (!value || !ticket) return;
              const d = value.format(DATE_FORMAT);
              if (d < ticket.issueDate) throw new Error(TICKET_MESSAGES.useBeforeIssue);
              if (d > ticket.expiryDate) throw new Error(TICKET_MESSAGES.useAfterExpiry);
              if (value.isAfter(dayjs(), 'day')) throw new Error(TICKET_MESSAGES.useInFuture);
            },
          },
        ]}
      >
        <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item {...formField(U, 'houseAddress')}>
        <Input placeholder="请输入所购房屋地址" />
      </Form.Item>
      <Form.Item
        label={U.fields.area.title}
        name="area"
        rules={[
          {
            validator: async (_r, value: number | null | undefined) => {
              if (value !== null && value !== undefined && !(value > 0)) throw new Error(TICKET_MESSAGES.area);
            },
          },
        ]}
      >
        <InputNumber style={{ width: '100%' }} min={0} precision={2} placeholder="请输入面积" />
      </Form.Item>
      <Form.Item {...formField(U, 'seller')}>
        <Input placeholder={inputPlaceholder(U, 'seller')} />
      </Form.Item>
      <Form.Item {...formField(U, 'remark')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(U, 'remark')} />
      </Form.Item>
    </RecordFormModal>
  );
}
