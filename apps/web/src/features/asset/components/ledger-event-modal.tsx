import { DatePicker, Form, Input, InputNumber, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  ASSET_STATUS,
  DATE_FORMAT,
  LEDGER_RESOURCE as L,
  LEDGER_RULES,
  LEDGER_TYPE_ITEMS,
  MANUAL_LEDGER_TYPES,
  type AssetStatus,
} from '@district/shared';
import { formField, inputPlaceholder, selectPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { DepartSelect } from '@/components/pickers/depart-select';
import { Uploader } from '@/components/upload/uploader';
import { addLedgerEvent, type AssetRecord } from '../api/asset-api';

type ManualType = (typeof MANUAL_LEDGER_TYPES)[number];

export const LEDGER_MODAL_TEXT = {
  title: '登记台账事件',
  saved: '台账事件已登记',
  dateRequired: ASSET_MESSAGES.eventDateRequired,
  repairStart: '登记后资产进入维修状态；维修完成时再登记一次维修事件，选择维修后的状态',
  repairLeased: '出租中的资产在租期内维修，状态保持出租',
  repairEndLabel: '维修后状态',
  repairEndHint: '维修结束，资产转为所选状态',
  repairEndRequired: '请选择维修后状态',
} as const;

const AFTER_OPTIONS = [
  { value: ASSET_STATUS.idle, label: '闲置' },
  { value: ASSET_STATUS.inUse, label: '在用' },
];

const COUNTERPARTY_MAX = L.fields.counterparty.rules[0].max;

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
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const needs = type ? NEEDS[type] : {};
  // A repair recorded while the asset is in 维修 ends the repair, so the form asks where the asset goes.
  const repairEnd = type === 'repair' && asset?.status === ASSET_STATUS.repair;
  const repairNote =
    type !== 'repair' || repairEnd
      ? undefined
      : asset?.status === ASSET_STATUS.leased
        ? LEDGER_MODAL_TEXT.repairLeased
        : LEDGER_MODAL_TEXT.repairStart;
  const today = dayjs().endOf('day');

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

  const save = async (v: Values) => {
    // The form requires both; the asset is there whenever the modal is open.
    if (!asset || !v.type || !v.eventDate) throw new Error(LEDGER_MODAL_TEXT.title);
    const n = NEEDS[v.type];
    const asksStatus = n.depart || (v.type === 'repair' && asset.status === ASSET_STATUS.repair);
    const res = await addLedgerEvent({
      assetId: asset.id,
      type: v.type,
      eventDate: v.eventDate.format(DATE_FORMAT),
      toDepartId: n.depart ? (v.toDepartId ?? null) : null,
      toStatus: asksStatus ? ((v.toStatus as 'idle' | 'in_use' | undefined) ?? null) : null,
      counterparty: n.counterparty ? v.counterparty?.trim() || null : null,
      amount: n.amount ? (v.amount ?? null) : null,
      documents: v.documents ? v.documents.split(',').filter(Boolean) : [],
      remark: v.remark?.trim() || null,
      version: asset.version,
    });
    return { message: res.message || LEDGER_MODAL_TEXT.saved };
  };

  // The request layer shows the server's refusal (state machine, stale version…).
  return (
    <RecordFormModal<AssetRecord, Values>
      open={open}
      record={null}
      form={form}
      titles={{ add: LEDGER_MODAL_TEXT.title, edit: LEDGER_MODAL_TEXT.title }}
      formName="ledger-event"
      width={640}
      initialValues={() => ({ eventDate: dayjs() })}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(L, 'type')} extra={repairNote}>
        <Select aria-label={L.fields.type.title} placeholder={selectPlaceholder(L, 'type')} options={options} />
      </Form.Item>
      <Form.Item
        {...formField(L, 'eventDate')}
        rules={[
          ...formField(L, 'eventDate').rules,
          {
            validator: async (_r, d: Dayjs | undefined) => {
              if (d && d.isAfter(today)) throw new Error(ASSET_MESSAGES.futureDate(L.fields.eventDate.title));
            },
          },
        ]}
      >
        <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={(d) => d.isAfter(today)} />
      </Form.Item>
      {needs.depart && (
        <>
          <Form.Item
            label={L.fields.toDepartId.title}
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
            <DepartSelect multiple={false} placeholder={selectPlaceholder(L, 'toDepartId')} />
          </Form.Item>
          <Form.Item label="调拨后状态" name="toStatus" extra="不选则保持原状态">
            <Select aria-label="调拨后状态" allowClear placeholder="保持原状态" options={AFTER_OPTIONS} />
          </Form.Item>
        </>
      )}
      {repairEnd && (
        <Form.Item
          label={LEDGER_MODAL_TEXT.repairEndLabel}
          name="toStatus"
          extra={LEDGER_MODAL_TEXT.repairEndHint}
          rules={[{ required: true, message: LEDGER_MODAL_TEXT.repairEndRequired }]}
        >
          <Select
            aria-label={LEDGER_MODAL_TEXT.repairEndLabel}
            placeholder={LEDGER_MODAL_TEXT.repairEndRequired}
            options={AFTER_OPTIONS}
          />
        </Form.Item>
      )}
      {needs.counterparty && (
        <Form.Item
          label={needs.counterparty.label}
          name="counterparty"
          rules={[
            ...(needs.counterparty.required
              ? [{ required: true, whitespace: true, message: ASSET_MESSAGES.counterpartyRequired }]
              : []),
            // The declared limit, in the words of the type's own label (承租方最多100个字符).
            { max: COUNTERPARTY_MAX, message: `${needs.counterparty.label}最多${COUNTERPARTY_MAX}个字符` },
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
      <Form.Item label={L.fields.documents.title} name="documents">
        <Uploader number={ASSET_LIMITS.maxAttachments} bizPath="asset" buttonText="上传单据" />
      </Form.Item>
      <Form.Item {...formField(L, 'remark')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(L, 'remark')} />
      </Form.Item>
    </RecordFormModal>
  );
}
