import { useEffect, useState } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  ASSET_STATUS,
  DATE_FORMAT,
  LEDGER_RULES,
  LEDGER_TYPE_ITEMS,
  MANUAL_LEDGER_TYPES,
  type AssetStatus,
} from '@district/shared';
import { DepartSelect } from '../../../components/pickers/depart-select';
import { Uploader } from '../../../components/upload/uploader';
import { addLedgerEvent, type AssetRecord } from '../api/asset-api';

type ManualType = (typeof MANUAL_LEDGER_TYPES)[number];

export const LEDGER_MODAL_TEXT = {
  title: '登记台账事件',
  saved: '台账事件已登记',
  dateRequired: '请选择事件日期',
} as const;

/** What each event type asks for besides date, documents and remark. */
const NEEDS: Record<
  ManualType,
  {
    depart?: boolean;
    counterparty?: { label: string; required: boolean };
    amount?: { label: string; required: boolean };
  }
> = {
  transfer: { depart: true },
  lease: { counterparty: { label: '承租方', required: true }, amount: { label: '租金', required: false } },
  lease_end: { counterparty: { label: '承租方', required: false } },
  repair: { counterparty: { label: '维修单位', required: false }, amount: { label: '维修费用', required: false } },
  inventory: {},
  disposal: { counterparty: { label: '受让方', required: false }, amount: { label: '处置收入', required: false } },
  revaluation: { amount: { label: '变动后净值', required: true } },
};

/** Whether an asset in `status` may take an event of `type` (the shared state machine). */
export function ledgerTypeAllowed(type: ManualType, status: string | null | undefined): boolean {
  return LEDGER_RULES[type].from.includes(status as AssetStatus);
}

interface Values {
  type?: ManualType;
  eventDate?: Dayjs;
  toDepartId?: string;
  toStatus?: string;
  counterparty?: string;
  amount?: number | null;
  documents?: string;
  remark?: string;
}

export interface LedgerEventModalProps {
  open: boolean;
  asset: AssetRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 登记事件: only the types the asset's status allows are offered (the others are shown disabled with the
 * rule's reason); each type asks for what it needs. The asset's version goes along, so an event recorded
 * on an asset someone else just changed is refused instead of applied.
 */
export function LedgerEventModal({ open, asset, onClose, onSaved }: LedgerEventModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form);
  const needs = type ? NEEDS[type] : {};
  const today = dayjs().endOf('day');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ eventDate: dayjs() });
  }, [open, form]);

  const options = MANUAL_LEDGER_TYPES.map((value) => {
    const allowed = ledgerTypeAllowed(value, asset?.status);
    const text = LEDGER_TYPE_ITEMS.find((t) => t.value === value)?.text ?? value;
    return {
      value,
      disabled: !allowed,
      title: allowed ? text : LEDGER_RULES[value].refused,
      label: allowed ? (
        text
      ) : (
        <Tooltip title={LEDGER_RULES[value].refused} placement="right">
          <span>{text}</span>
        </Tooltip>
      ),
    };
  });

  const submit = async () => {
    if (!asset) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!v.type || !v.eventDate) return;
    const n = NEEDS[v.type];
    setSaving(true);
    try {
      const res = await addLedgerEvent({
        assetId: asset.id,
        type: v.type,
        eventDate: v.eventDate.format(DATE_FORMAT),
        toDepartId: n.depart ? (v.toDepartId ?? null) : null,
        toStatus: n.depart ? ((v.toStatus as 'idle' | 'in_use' | undefined) ?? null) : null,
        counterparty: n.counterparty ? v.counterparty?.trim() || null : null,
        amount: n.amount ? (v.amount ?? null) : null,
        documents: v.documents ? v.documents.split(',').filter(Boolean) : [],
        remark: v.remark?.trim() || null,
        version: asset.version,
      });
      void message.success(res.message || LEDGER_MODAL_TEXT.saved);
      onSaved();
    } catch {
      // The request layer shows the server's refusal (state machine, stale version…).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={LEDGER_MODAL_TEXT.title}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} name="ledger-event" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
        <Form.Item
          label="事件类型"
          name="type"
          rules={[{ required: true, message: ASSET_MESSAGES.ledgerTypeRequired }]}
        >
          <Select aria-label="事件类型" placeholder="请选择事件类型" options={options} />
        </Form.Item>
        <Form.Item
          label="事件日期"
          name="eventDate"
          rules={[
            { required: true, message: LEDGER_MODAL_TEXT.dateRequired },
            {
              validator: async (_r, d: Dayjs | undefined) => {
                if (d && d.isAfter(today)) throw new Error(ASSET_MESSAGES.futureDate('事件日期'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={(d) => d.isAfter(today)} />
        </Form.Item>
        {needs.depart && (
          <>
            <Form.Item
              label="调入部门"
              name="toDepartId"
              rules={[
                { required: true, message: ASSET_MESSAGES.toDepartRequired },
                {
                  validator: async (_r, id: string | undefined) => {
                    if (id && id === asset?.ownerDepartId) throw new Error(ASSET_MESSAGES.sameDepart);
                  },
                },
              ]}
            >
              <DepartSelect multiple={false} placeholder="请选择调入部门" />
            </Form.Item>
            <Form.Item label="调拨后状态" name="toStatus" extra="不选则保持原状态">
              <Select
                aria-label="调拨后状态"
                allowClear
                placeholder="保持原状态"
                options={[
                  { value: ASSET_STATUS.idle, label: '闲置' },
                  { value: ASSET_STATUS.inUse, label: '在用' },
                ]}
              />
            </Form.Item>
          </>
        )}
        {needs.counterparty && (
          <Form.Item
            label={needs.counterparty.label}
            name="counterparty"
            rules={[
              ...(needs.counterparty.required
                ? [{ required: true, whitespace: true, message: ASSET_MESSAGES.counterpartyRequired }]
                : []),
              { max: 100, message: `${needs.counterparty.label}最多100个字符` },
            ]}
          >
            <Input placeholder={`请输入${needs.counterparty.label}`} />
          </Form.Item>
        )}
        {needs.amount && (
          <Form.Item
            label={needs.amount.label}
            name="amount"
            rules={[
              ...(needs.amount.required ? [{ required: true, message: ASSET_MESSAGES.revaluationAmount }] : []),
              { type: 'number', min: 0, max: ASSET_LIMITS.maxYuan, message: ASSET_MESSAGES.money(needs.amount.label) },
            ]}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={0}
              precision={2}
              suffix="元"
              placeholder={`请输入${needs.amount.label}`}
            />
          </Form.Item>
        )}
        <Form.Item label="单据" name="documents">
          <Uploader number={ASSET_LIMITS.maxAttachments} bizPath="asset" buttonText="上传单据" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注最多500个字符' }]}>
          <Input.TextArea rows={2} placeholder="请输入备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
