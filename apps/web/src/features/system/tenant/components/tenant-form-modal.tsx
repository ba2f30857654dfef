import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TENANT_LIMITS as L, TENANT_MESSAGES as M, TENANT_RESOURCE as R, type TenantRecord } from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { DictSelect } from '@/components/dict/dict-select';
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
      titles={{ add: `新增${R.title}`, edit: `编辑${R.title}` }}
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
      <Form.Item {...formField(R, 'id')}>
        <InputNumber
          min={L.idMin}
          max={L.idMax}
          precision={0}
          disabled={record !== null}
          placeholder={inputPlaceholder(R, 'id')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...formField(R, 'name')}>
        <Input placeholder={inputPlaceholder(R, 'name')} />
      </Form.Item>
      <Form.Item {...formField(R, 'beginDate')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'endDate')}
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
      <Form.Item {...formField(R, 'status')}>
        <DictSelect dictCode={R.fields.status.dict} type="radio" allowClear={false} />
      </Form.Item>
    </RecordFormModal>
  );
}
