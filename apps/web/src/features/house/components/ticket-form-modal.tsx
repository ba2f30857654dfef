import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, PATTERNS, TICKET_LIMITS, TICKET_MESSAGES, isMaskedIdCard, isValidIdCard } from '@district/shared';
import { errorMessage } from '../../../lib/errors';
import { resettlementQuery, saveTicket, type TicketRecord } from '../api/ticket-api';
import { CapitalText } from './capital-text';

export const TICKET_FORM_TEXT = {
  add: '发放房票',
  edit: '编辑房票',
  saved: '保存成功！',
  noProjects: '暂无安置项目，请先在项目管理中新建安置类项目',
} as const;

interface Values {
  holderName?: string;
  holderIdCard?: string;
  holderPhone?: string;
  projectId?: string;
  faceAmount?: number | null;
  issueDate?: Dayjs | null;
  expiryDate?: Dayjs | null;
  remark?: string;
}

/** Which field a server refusal is about, so it is shown under that field as well. */
const FIELD_OF: [keyof Values, string[]][] = [
  ['holderName', [TICKET_MESSAGES.holderNameRequired]],
  ['holderIdCard', [TICKET_MESSAGES.idCardInvalid, TICKET_MESSAGES.idCardRequired]],
  ['holderPhone', [TICKET_MESSAGES.phoneInvalid, TICKET_MESSAGES.phoneRequired]],
  [
    'projectId',
    [TICKET_MESSAGES.unknownProject, TICKET_MESSAGES.projectNotResettlement, TICKET_MESSAGES.projectRequired],
  ],
  ['faceAmount', [TICKET_MESSAGES.faceAmount, TICKET_MESSAGES.faceBelowUsed, TICKET_MESSAGES.tooLarge]],
  ['expiryDate', [TICKET_MESSAGES.expiryBeforeIssue]],
];

export interface TicketFormModalProps {
  open: boolean;
  /** null when issuing a new ticket. */
  record: TicketRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 发放房票 / 编辑房票. The holder's ID number is checked like the server does (GB 11643); when editing, the
 * masked number the list shows may be left as it is (the stored one is kept).
 */
export function TicketFormModal({ open, record, onClose, onSaved }: TicketFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const projects = useQuery({ ...resettlementQuery, enabled: open });
  const faceAmount = Form.useWatch('faceAmount', form);
  const editing = record !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        holderName: record.holderName,
        holderIdCard: record.holderIdCard,
        holderPhone: record.holderPhone,
        projectId: record.projectId,
        faceAmount: record.faceAmount,
        issueDate: dayjs(record.issueDate),
        expiryDate: dayjs(record.expiryDate),
        remark: record.remark ?? undefined,
      });
    } else {
      form.setFieldsValue({ issueDate: dayjs() });
    }
  }, [open, record, form]);

  const options = (projects.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  // The current project stays selectable while editing even if the options have not arrived.
  if (record && !options.some((o) => o.value === record.projectId)) {
    options.push({ value: record.projectId, label: record.projectId_dictText ?? record.projectId });
  }

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await saveTicket({
        ...(record ? { id: record.id, version: record.version } : {}),
        holderName: (v.holderName ?? '').trim(),
        holderIdCard: (v.holderIdCard ?? '').trim().toUpperCase(),
        holderPhone: (v.holderPhone ?? '').trim(),
        projectId: v.projectId ?? '',
        faceAmount: v.faceAmount ?? 0,
        issueDate: v.issueDate ? v.issueDate.format(DATE_FORMAT) : '',
        expiryDate: v.expiryDate ? v.expiryDate.format(DATE_FORMAT) : '',
        remark: v.remark?.trim() || null,
      });
      void message.success(res.message || TICKET_FORM_TEXT.saved);
      onSaved();
    } catch (error) {
      // The request layer shows the refusal as a notice; it also goes under the field it is about.
      const text = errorMessage(error, '');
      const field = FIELD_OF.find(([, messages]) => messages.includes(text))?.[0];
      if (field) form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? TICKET_FORM_TEXT.edit : TICKET_FORM_TEXT.add}
      width={760}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" name="ticket-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="持票人"
              name="holderName"
              rules={[
                { required: true, whitespace: true, message: TICKET_MESSAGES.holderNameRequired },
                { max: 50, message: '持票人姓名最多50个字符' },
              ]}
            >
              <Input placeholder="请输入持票人姓名" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="身份证号"
              name="holderIdCard"
              rules={[
                { required: true, whitespace: true, message: TICKET_MESSAGES.idCardRequired },
                {
                  validator: async (_r, value: string | undefined) => {
                    const v = (value ?? '').trim();
                    if (!v) return;
                    if (editing && isMaskedIdCard(v) && v === record?.holderIdCard) return;
                    if (!isValidIdCard(v)) throw new Error(TICKET_MESSAGES.idCardInvalid);
                  },
                },
              ]}
            >
              <Input placeholder="请输入18位身份证号" maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="手机号"
              name="holderPhone"
              rules={[
                { required: true, whitespace: true, message: TICKET_MESSAGES.phoneRequired },
                { pattern: PATTERNS.mobile, message: TICKET_MESSAGES.phoneInvalid },
              ]}
            >
              <Input placeholder="请输入持票人手机号" maxLength={11} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="安置项目"
              name="projectId"
              rules={[{ required: true, message: TICKET_MESSAGES.projectRequired }]}
              extra={projects.isSuccess && options.length === 0 ? TICKET_FORM_TEXT.noProjects : undefined}
            >
              <Select
                aria-label="安置项目"
                placeholder="请选择安置项目"
                showSearch={{ optionFilterProp: 'label' }}
                loading={projects.isLoading}
                options={options}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="票面金额"
              name="faceAmount"
              extra={<CapitalText value={faceAmount} testId="face-amount-capital" />}
              rules={[
                { required: true, message: TICKET_MESSAGES.faceAmount },
                {
                  validator: async (_r, value: number | null | undefined) => {
                    if (value === null || value === undefined) return;
                    if (value >= TICKET_LIMITS.maxYuan) throw new Error(TICKET_MESSAGES.tooLarge);
                    if (!(value > 0)) throw new Error(TICKET_MESSAGES.faceAmount);
                  },
                },
              ]}
            >
              <InputNumber style={{ width: '100%' }} min={0} precision={2} suffix="元" placeholder="请输入票面金额" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              label="发放日期"
              name="issueDate"
              rules={[{ required: true, message: TICKET_MESSAGES.issueDateRequired }]}
            >
              <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="发放日期" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              label="有效期至"
              name="expiryDate"
              dependencies={['issueDate']}
              rules={[
                { required: true, message: TICKET_MESSAGES.expiryDateRequired },
                ({ getFieldValue }) => ({
                  validator: async (_r, value: Dayjs | null | undefined) => {
                    const issue = getFieldValue('issueDate') as Dayjs | null | undefined;
                    if (value && issue && value.isBefore(issue, 'day'))
                      throw new Error(TICKET_MESSAGES.expiryBeforeIssue);
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="有效期至" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注最多500个字符' }]}>
              <Input.TextArea rows={2} placeholder="请输入备注" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
