import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  INVENTORY_API,
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES as M,
  type InventoryCampaign,
  type InventoryCampaignInput,
} from '@district/shared';
import { CategorySelect } from '@/components/category-select/category-select';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { DepartSelect } from '@/components/pickers/depart-select';
import { CheckerSelect, type CheckerValue } from './checker-select';

export const CAMPAIGN_FORM_TEXT = {
  add: '新增盘点任务',
  edit: '编辑盘点任务',
  name: '任务名称',
  departs: '盘点部门',
  categories: '资产分类',
  address: '存放地点',
  addressHint: '地址包含此文字的资产（不填为全部）',
  checkers: '盘点人',
  deadline: '截止日期',
  remark: '备注',
  scopeHint: '部门和分类不选为全部；开始盘点时按范围生成清单。',
} as const;

const T = CAMPAIGN_FORM_TEXT;

interface Values {
  name: string;
  departIds?: string;
  categoryIds?: string;
  address?: string;
  checkers?: CheckerValue;
  deadline?: Dayjs;
  remark?: string;
}

const split = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);

export function toCampaignInput(values: Values): InventoryCampaignInput {
  return {
    name: values.name.trim(),
    scope: {
      departIds: split(values.departIds),
      categoryIds: split(values.categoryIds),
      address: (values.address ?? '').trim(),
    },
    checkerIds: values.checkers?.ids ?? [],
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : '',
    remark: values.remark?.trim() || null,
  };
}

/** 新增/编辑 a draft campaign: name, scope (departments, categories, address), checkers, deadline. */
export function CampaignFormModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: InventoryCampaign | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <RecordFormModal<InventoryCampaign, Values>
      open={open}
      record={record}
      titles={{ add: T.add, edit: T.edit }}
      formName="inventory-campaign"
      width={640}
      destroyOnHidden
      urls={{ add: INVENTORY_API.campaignAdd, edit: INVENTORY_API.campaignEdit }}
      toPayload={(values, r) => (r ? { ...toCampaignInput(values), id: r.id } : toCampaignInput(values))}
      initialValues={(r) =>
        r
          ? {
              name: r.name,
              departIds: r.scope.departIds.join(',') || undefined,
              categoryIds: r.scope.categoryIds.join(',') || undefined,
              address: r.scope.address,
              checkers: { ids: r.checkerIds, names: r.checkerNames },
              deadline: dayjs(r.deadline),
              remark: r.remark ?? undefined,
            }
          : undefined
      }
      onClose={onClose}
      onSaved={onSaved}
      header={<div style={{ color: '#8c8c8c', marginBottom: 12 }}>{T.scopeHint}</div>}
    >
      <Form.Item name="name" label={T.name} rules={[{ required: true, whitespace: true, message: M.nameRequired }]}>
        <Input maxLength={INVENTORY_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="departIds" label={T.departs}>
        <DepartSelect multiple />
      </Form.Item>
      <Form.Item name="categoryIds" label={T.categories}>
        <CategorySelect multiple />
      </Form.Item>
      <Form.Item name="address" label={T.address} extra={T.addressHint}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="checkers" label={T.checkers} rules={[{ required: true, message: M.checkersRequired }]}>
        <CheckerSelect />
      </Form.Item>
      <Form.Item name="deadline" label={T.deadline} rules={[{ required: true, message: M.deadlineRequired }]}>
        <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="remark" label={T.remark}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </RecordFormModal>
  );
}
