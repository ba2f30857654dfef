import { useEffect, useState } from 'react';
import { App, Alert, DatePicker, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, TICKET_LIMITS, TICKET_MESSAGES } from '@district/shared';
import { capitalOf, formatYuan, recordTicketUse } from '../api/ticket-api';
import { CapitalText } from './capital-text';

export const TICKET_USE_TEXT = {
  title: '登记使用',
  saved: '登记成功！',
  remaining: '剩余金额',
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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const amount = Form.useWatch('amount', form);
  const remaining = ticket ? Math.round(ticket.faceAmount * 100 - ticket.usedAmount * 100) / 100 : 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ useDate: dayjs() });
  }, [open, form]);

  const submit = async () => {
    if (!ticket) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await recordTicketUse({
        ticketId: ticket.id,
        amount: v.amount ?? 0,
        useDate: v.useDate ? v.useDate.format(DATE_FORMAT) : '',
        houseAddress: (v.houseAddress ?? '').trim(),
        area: v.area ?? null,
        seller: (v.seller ?? '').trim(),
        remark: v.remark?.trim() || null,
      });
      void message.success(res.message || TICKET_USE_TEXT.saved);
      onSaved();
    } catch {
      // The request layer shows the server's refusal (over the remaining amount, expired, cancelled…).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={TICKET_USE_TEXT.title}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      {ticket && (
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }} bordered>
          <Descriptions.Item label="房票编号">{ticket.ticketNo}</Descriptions.Item>
          <Descriptions.Item label="持票人">{ticket.holderName}</Descriptions.Item>
          <Descriptions.Item label={TICKET_USE_TEXT.remaining} span={2}>
            <span data-testid="use-remaining">{formatYuan(remaining)}</span>（{capitalOf(remaining)}）
          </Descriptions.Item>
        </Descriptions>
      )}
      {ticket && remaining <= 0 && <Alert type="warning" showIcon title={TICKET_MESSAGES.usedUp} />}
      <Form form={form} layout="vertical" name="ticket-use">
        <Form.Item
          label="使用金额"
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
          <InputNumber style={{ width: '100%' }} min={0} precision={2} suffix="元" placeholder="请输入使用金额" />
        </Form.Item>
        <Form.Item
          label="使用日期"
          name="useDate"
          rules={[
            { required: true, message: TICKET_MESSAGES.useDateRequired },
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
        <Form.Item
          label="房屋地址"
          name="houseAddress"
          rules={[
            { required: true, whitespace: true, message: TICKET_MESSAGES.houseAddressRequired },
            { max: 255, message: '房屋地址最多255个字符' },
          ]}
        >
          <Input placeholder="请输入所购房屋地址" />
        </Form.Item>
        <Form.Item
          label="面积(㎡)"
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
        <Form.Item
          label="售房单位"
          name="seller"
          rules={[
            { required: true, whitespace: true, message: TICKET_MESSAGES.sellerRequired },
            { max: 100, message: '售房单位最多100个字符' },
          ]}
        >
          <Input placeholder="请输入售房单位" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注最多500个字符' }]}>
          <Input.TextArea rows={2} placeholder="请输入备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
