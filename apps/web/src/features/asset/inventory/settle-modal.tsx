import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Input, InputNumber, Modal, Radio } from 'antd';
import {
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES as M,
  INVENTORY_SETTLE_FOR,
  INVENTORY_SETTLE_ITEMS,
  type InventoryItem,
  type InventorySettleAction,
  type InventorySettleInput,
} from '@district/shared';
import { CategorySelect } from '@/components/category-select/category-select';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { settleDifference } from './inventory-api';
import { resultText } from './inventory-status';

export const SETTLE_TEXT = {
  title: '差异处理',
  asset: '资产',
  difference: '差异',
  action: '处理方式',
  reason: '处理原因',
  toDepart: '新部门',
  toAddress: '新存放地点',
  toCustodian: '新保管人',
  category: '资产分类',
  ownerDepart: '所属部门',
  originalValue: '原值(元)',
  found: '发现位置',
  note: '盘点备注',
} as const;

const T = SETTLE_TEXT;

interface Values {
  action: InventorySettleAction;
  reason: string;
  toDepartId?: string;
  toAddress?: string;
  toCustodian?: string;
  categoryId?: string;
  ownerDepartId?: string;
  originalValue?: number | null;
}

/** The settlements a difference allows, with their Chinese labels. */
export function settleOptions(item: InventoryItem) {
  const allowed = item.difference ? INVENTORY_SETTLE_FOR[item.difference] : [];
  return INVENTORY_SETTLE_ITEMS.filter((i) => allowed.includes(i.value));
}

export function toSettleInput(item: InventoryItem, v: Values): InventorySettleInput {
  const input: InventorySettleInput = { itemId: item.id, action: v.action, reason: v.reason.trim() };
  if (v.action === 'transfer') {
    input.toDepartId = v.toDepartId || null;
    input.toAddress = v.toAddress?.trim() || null;
    input.toCustodian = v.toCustodian || null;
  }
  if (v.action === 'register') {
    input.categoryId = v.categoryId || null;
    input.ownerDepartId = v.ownerDepartId || null;
    input.originalValue = v.originalValue ?? null;
  }
  return input;
}

/** 处理 one difference: the settlements INVENTORY_SETTLE_FOR allows, the fields each needs, a required reason. */
export function SettleModal({
  item,
  onClose,
  onSettled,
}: {
  item: InventoryItem | null;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const action = Form.useWatch('action', form);
  const options = item ? settleOptions(item) : [];

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue({ action: settleOptions(item)[0]?.value });
  }, [item, form]);

  const submit = async () => {
    if (!item) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (values.action === 'transfer' && !values.toDepartId && !values.toAddress?.trim() && !values.toCustodian) {
      form.setFields([{ name: 'toAddress', errors: [M.transferNothing] }]);
      return;
    }
    setSaving(true);
    try {
      const res = await settleDifference(toSettleInput(item, values));
      void message.success(res.message || M.settled);
      onSettled();
    } catch {
      // The request layer shows the server's message (e.g. the ledger's refusal); the dialog stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={item !== null}
      title={T.title}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      {item && (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={T.asset}>
            {item.assetName}
            {item.assetCode ? `（${item.assetCode}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={T.difference}>{resultText(item.difference)}</Descriptions.Item>
          {item.address && <Descriptions.Item label={T.found}>{item.address}</Descriptions.Item>}
          {item.note && <Descriptions.Item label={T.note}>{item.note}</Descriptions.Item>}
        </Descriptions>
      )}
      <Form form={form} name="inventory-settle" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
        <Form.Item name="action" label={T.action} rules={[{ required: true, message: M.actionRequired }]}>
          <Radio.Group options={options.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
        {action === 'transfer' && (
          <>
            <Form.Item name="toDepartId" label={T.toDepart}>
              <DepartSelect />
            </Form.Item>
            <Form.Item name="toAddress" label={T.toAddress}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="toCustodian" label={T.toCustodian}>
              <UserSelect multiple={false} />
            </Form.Item>
          </>
        )}
        {action === 'register' && (
          <>
            <Form.Item name="categoryId" label={T.category} rules={[{ required: true, message: M.categoryRequired }]}>
              <CategorySelect />
            </Form.Item>
            <Form.Item name="ownerDepartId" label={T.ownerDepart}>
              <DepartSelect />
            </Form.Item>
            <Form.Item name="originalValue" label={T.originalValue}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="reason"
          label={T.reason}
          rules={[{ required: true, whitespace: true, message: M.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={INVENTORY_LIMITS.reasonMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
