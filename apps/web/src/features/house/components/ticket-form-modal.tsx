import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_FORMAT,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_RESOURCE as R,
  isMaskedIdCard,
  isValidIdCard,
} from '@district/shared';
import { formField, inputPlaceholder, selectPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { resettlementQuery, saveTicket, type TicketRecord } from '../api/ticket-api';
import { CapitalText } from './capital-text';

const F = R.fields;

export const TICKET_FORM_TEXT = {
  add: `发放${R.title}`,
  edit: `编辑${R.title}`,
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
  const [form] = Form.useForm<Values>();
  const projects = useQuery({ ...resettlementQuery, enabled: open });
  const faceAmount = Form.useWatch('faceAmount', form);
  const editing = record !== null;

  const options = (projects.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  // The current project stays selectable while editing even if the options have not arrived.
  if (record && !options.some((o) => o.value === record.projectId)) {
    options.push({ value: record.projectId, label: record.projectId_dictText ?? record.projectId });
  }

  const save = (v: Values, r: TicketRecord | null) =>
    saveTicket({
      ...(r ? { id: r.id, version: r.version } : {}),
      holderName: (v.holderName ?? '').trim(),
      holderIdCard: (v.holderIdCard ?? '').trim().toUpperCase(),
      holderPhone: (v.holderPhone ?? '').trim(),
      projectId: v.projectId ?? '',
      faceAmount: v.faceAmount ?? 0,
      issueDate: v.issueDate ? v.issueDate.format(DATE_FORMAT) : '',
      expiryDate: v.expiryDate ? v.expiryDate.format(DATE_FORMAT) : '',
      remark: v.remark?.trim() || null,
    });

  return (
    <RecordFormModal<TicketRecord, Values>
      open={open}
      record={record}
      form={form}
      titles={TICKET_FORM_TEXT}
      formName="ticket-form"
      width={760}
      layout="vertical"
      initialValues={(r) =>
        r
          ? {
              holderName: r.holderName,
              holderIdCard: r.holderIdCard,
              holderPhone: r.holderPhone,
              projectId: r.projectId,
              faceAmount: r.faceAmount,
              issueDate: dayjs(r.issueDate),
              expiryDate: dayjs(r.expiryDate),
              remark: r.remark ?? undefined,
            }
          : { issueDate: dayjs() }
      }
      save={save}
      // The request layer shows a refusal as a notice; it also goes under the field it is about.
      fieldOfError={(text) => FIELD_OF.find(([, messages]) => messages.includes(text))?.[0]}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...formField(R, 'holderName')}>
            <Input placeholder="请输入持票人姓名" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            {...formField(R, 'holderIdCard')}
            rules={[
              ...formField(R, 'holderIdCard').rules,
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
          <Form.Item {...formField(R, 'holderPhone')}>
            <Input placeholder="请输入持票人手机号" maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            {...formField(R, 'projectId')}
            extra={projects.isSuccess && options.length === 0 ? TICKET_FORM_TEXT.noProjects : undefined}
          >
            <Select
              aria-label={F.projectId.title}
              placeholder={selectPlaceholder(R, 'projectId')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={projects.isLoading}
              options={options}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={F.faceAmount.title}
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
            <InputNumber
              style={{ width: '100%' }}
              min={0}
              precision={2}
              suffix="元"
              placeholder={inputPlaceholder(R, 'faceAmount')}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...formField(R, 'issueDate')}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder={F.issueDate.title} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            {...formField(R, 'expiryDate')}
            dependencies={['issueDate']}
            rules={[
              ...formField(R, 'expiryDate').rules,
              ({ getFieldValue }) => ({
                validator: async (_r, value: Dayjs | null | undefined) => {
                  const issue = getFieldValue('issueDate') as Dayjs | null | undefined;
                  if (value && issue && value.isBefore(issue, 'day'))
                    throw new Error(TICKET_MESSAGES.expiryBeforeIssue);
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder={F.expiryDate.title} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item {...formField(R, 'remark')}>
            <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'remark')} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormModal>
  );
}
