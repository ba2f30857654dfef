import { Tag } from 'antd';
import {
  INVENTORY_RESULT_ITEMS,
  INVENTORY_STATUS_ITEMS,
  type InventoryResult,
  type InventoryStatus,
} from '@district/shared';

export function CampaignStatusTag({ status }: { status: InventoryStatus }) {
  const item = INVENTORY_STATUS_ITEMS.find((i) => i.value === status);
  return <Tag color={item?.color}>{item?.text ?? ''}</Tag>;
}

export const resultText = (result: InventoryResult | null | undefined) =>
  INVENTORY_RESULT_ITEMS.find((i) => i.value === result)?.text ?? '';

export function ResultTag({
  result,
  uncheckedText = '未盘',
}: {
  result: InventoryResult | null;
  uncheckedText?: string;
}) {
  const item = INVENTORY_RESULT_ITEMS.find((i) => i.value === result);
  return item ? <Tag color={item.color}>{item.text}</Tag> : <Tag>{uncheckedText}</Tag>;
}
