import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TENANT_LIMITS as L, TENANT_MESSAGES as M, lengthRules, type TenantRecord } from '@district/shared';
import { RecordFormModal } from '../../../../components/form-modal/record-form-modal';
import { DictSelect } from '../../../../components/dict/dict-select';
import { saveTenant } from '../api/tenant-api';

export interface TenantFormModalProps {
  open: boolean;
  record: TenantRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  id: number;
  name: string;
  beginDate?: Dayjs | null;
  endDate?: Dayjs | null;
  status: string;
}

const day = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

/** 新增/编辑 of a tenant: the number is chosen when adding and fixed afterwards. */
export function TenantFormModal({ open, record, onClose, onSaved }: TenantFormModalProps) {
  return (
    <RecordFormModal<TenantRecord, Values>
      open={open}
      record={record}
      titles={{ add: '新增租户', edit: '编辑租户' }}
      formName="tenant-form"
      initialValues={(r) =>
        r
          ? {
              id: r.id,
              name: r.name,
              beginDate: r.beginDate ? dayjs(r.beginDate) : null,
              endDate: r.endDate ? dayjs(r.endDate) : null,
              status: String(r.status),
            }
          : { status: '1' }
      }
      save={(v, r) =>
        saveTenant(
          {
            id: r?.id ?? v.id,
            name: v.name.trim(),
            beginDate: day(v.beginDate),
            endDate: day(v.endDate),
            status: Number(v.status),
          },
          r === null,
        )
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item label="租户编号" name="id" rules={[{ required: true, message: M.idRequired }]}>
        <InputNumber
          min={L.idMin}
          max={L.idMax}
          precision={0}
          disabled={record !== null}
          placeholder="请输入租户编号"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        label="租户名称"
        name="name"
        rules={[{ required: true, whitespace: true, message: M.nameRequired }, ...lengthRules({ max: L.name })]}
      >
        <Input placeholder="请输入租户名称" />
      </Form.Item>
      <Form.Item label="开始时间" name="beginDate">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="结束时间"
        name="endDate"
        dependencies={['beginDate']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_r, value: Dayjs | null) => {
              const begin = getFieldValue('beginDate') as Dayjs | null;
              return value && begin && value.isBefore(begin, 'day')
                ? Promise.reject(new Error(M.endBeforeBegin))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="状态" name="status" rules={[{ required: true, message: M.statusRequired }]}>
        <DictSelect dictCode="valid_status" type="radio" allowClear={false} />
      </Form.Item>
    </RecordFormModal>
  );
}
