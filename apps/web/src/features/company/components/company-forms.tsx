import { Button, Col, Form, Input, InputNumber, Row, type FormRule } from 'antd';
import {
  ASSET_MESSAGES,
  COMPANY_MESSAGES,
  COMPANY_RESOURCE as R,
  PATTERNS,
  type CompanyProfile,
} from '@district/shared';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { useRecordForm } from '@/components/form-modal/use-record-form';
import { ImageUpload } from '@/components/upload/image-upload';
import type { CompanyPayload } from '../api/company-api';

const F = R.fields;

export const COMPANY_FORM_TEXT = {
  save: '保存',
  logoHint: '单张图片',
} as const;

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/** 联系电话: a mobile number or a landline (with area code and extension), as the server checks. */
export const phoneRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    const s = (v ?? '').trim();
    if (s && !PATTERNS.mobile.test(s) && !PATTERNS.landline.test(s)) throw new Error(COMPANY_MESSAGES.phone);
  },
};

const pairRule =
  (other: 'longitude' | 'latitude'): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, v: unknown) => {
      const o: unknown = getFieldValue(other);
      const empty = (x: unknown) => x === null || x === undefined;
      if (empty(v) !== empty(o)) throw new Error(ASSET_MESSAGES.coordinatePair);
    },
  });

interface SaveProps {
  profile: CompanyProfile;
  editable: boolean;
  onSave: (payload: CompanyPayload) => Promise<CompanyProfile>;
}

/** Which form field a server message is about, so it shows under that field as well. */
const FIELD_OF_MESSAGE: [string, string][] = [
  [COMPANY_MESSAGES.nameRequired, 'name'],
  [COMPANY_MESSAGES.creditCode, 'creditCode'],
  [COMPANY_MESSAGES.taxNo, 'invoiceTaxNo'],
  [COMPANY_MESSAGES.accountNo, 'invoiceAccount'],
  [ASSET_MESSAGES.longitude, 'longitude'],
  [ASSET_MESSAGES.latitude, 'latitude'],
  [F.logo.title, 'logo'],
];

/**
 * One tab's form over the profile (useRecordForm): filled from the profile, saved with the version read; the
 * request layer shows a refusal, and it also goes under the field it names when that field is on this tab.
 */
function useProfileForm<V extends object>(
  fields: readonly (keyof V & string)[],
  toValues: (profile: CompanyProfile) => V,
  toPayload: (v: V) => CompanyPayload,
  { profile, onSave }: SaveProps,
) {
  return useRecordForm<CompanyProfile, V>({
    open: true,
    record: profile,
    initialValues: (p) => (p ? toValues(p) : undefined),
    save: async (values) => {
      await onSave({ ...toPayload(values), version: profile.id ? profile.version : undefined });
      return {};
    },
    fieldOfError: (text) => {
      const field = FIELD_OF_MESSAGE.find(([m]) => text.includes(m))?.[1];
      return field && (fields as readonly string[]).includes(field) ? field : undefined;
    },
    onSaved: () => undefined,
  });
}

interface BasicValues {
  name?: string;
  creditCode?: string;
  legalPerson?: string;
  address?: string;
  phone?: string;
  logo?: string;
  longitude?: number | null;
  latitude?: number | null;
}

/** 基本信息: name, credit code, legal person, address, phone, logo and coordinates. */
export function CompanyBasicForm(props: SaveProps) {
  const { editable } = props;
  const { form, saving, submit } = useProfileForm<BasicValues>(
    ['name', 'creditCode', 'legalPerson', 'address', 'phone', 'logo', 'longitude', 'latitude'],
    (profile) => ({
      name: profile.name,
      creditCode: profile.creditCode ?? '',
      legalPerson: profile.legalPerson ?? '',
      address: profile.address ?? '',
      phone: profile.phone ?? '',
      logo: profile.logo ?? '',
      longitude: profile.longitude,
      latitude: profile.latitude,
    }),
    (v) => ({
      name: (v.name ?? '').trim(),
      creditCode: blank(v.creditCode),
      legalPerson: blank(v.legalPerson),
      address: blank(v.address),
      phone: blank(v.phone),
      logo: blank(v.logo),
      longitude: v.longitude ?? null,
      latitude: v.latitude ?? null,
    }),
    props,
  );

  return (
    <Form form={form} layout="vertical" name="company-basic" disabled={!editable} style={{ maxWidth: 900 }}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...formField(R, 'name')}>
            <Input placeholder={inputPlaceholder(R, 'name')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'creditCode')} normalize={upper}>
            <Input placeholder="18位统一社会信用代码" maxLength={18} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'legalPerson')}>
            <Input placeholder={inputPlaceholder(R, 'legalPerson')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={F.phone.title} name="phone" rules={[phoneRule]}>
            <Input placeholder="手机号或座机号，如 028-86661234" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item {...formField(R, 'address')}>
            <Input placeholder="请输入企业地址" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={F.longitude.title}
            name="longitude"
            dependencies={['latitude']}
            rules={[{ type: 'number', min: -180, max: 180, message: ASSET_MESSAGES.longitude }, pairRule('latitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 经度" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={F.latitude.title}
            name="latitude"
            dependencies={['longitude']}
            rules={[{ type: 'number', min: -90, max: 90, message: ASSET_MESSAGES.latitude }, pairRule('longitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 纬度" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={F.logo.title} name="logo" extra={editable ? COMPANY_FORM_TEXT.logoHint : undefined}>
            <ImageUpload bizPath="company" disabled={!editable} />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {COMPANY_FORM_TEXT.save}
        </Button>
      )}
    </Form>
  );
}

interface InvoiceValues {
  invoiceTitle?: string;
  invoiceTaxNo?: string;
  invoiceAddress?: string;
  invoicePhone?: string;
  invoiceBank?: string;
  invoiceAccount?: string;
}

/** 开票信息: the invoice title, tax number, registered address, phone, bank and account. */
export function CompanyInvoiceForm(props: SaveProps) {
  const { profile, editable } = props;
  const { form, saving, submit } = useProfileForm<InvoiceValues>(
    ['invoiceTitle', 'invoiceTaxNo', 'invoiceAddress', 'invoicePhone', 'invoiceBank', 'invoiceAccount'],
    (p) => ({
      invoiceTitle: p.invoiceTitle ?? '',
      invoiceTaxNo: p.invoiceTaxNo ?? '',
      invoiceAddress: p.invoiceAddress ?? '',
      invoicePhone: p.invoicePhone ?? '',
      invoiceBank: p.invoiceBank ?? '',
      invoiceAccount: p.invoiceAccount ?? '',
    }),
    (v) => ({
      // The profile's name travels along: a save always names the company.
      name: profile.name,
      invoiceTitle: blank(v.invoiceTitle),
      invoiceTaxNo: blank(v.invoiceTaxNo),
      invoiceAddress: blank(v.invoiceAddress),
      invoicePhone: blank(v.invoicePhone),
      invoiceBank: blank(v.invoiceBank),
      invoiceAccount: blank(v.invoiceAccount),
    }),
    props,
  );

  return (
    <Form form={form} layout="vertical" name="company-invoice" disabled={!editable} style={{ maxWidth: 900 }}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...formField(R, 'invoiceTitle')}>
            <Input placeholder={inputPlaceholder(R, 'invoiceTitle')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'invoiceTaxNo')} normalize={upper}>
            <Input placeholder="15到20位字母或数字" maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'invoiceAddress')}>
            <Input placeholder={inputPlaceholder(R, 'invoiceAddress')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={F.invoicePhone.title} name="invoicePhone" rules={[phoneRule]}>
            <Input placeholder="手机号或座机号" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'invoiceBank')}>
            <Input placeholder={inputPlaceholder(R, 'invoiceBank')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            {...formField(R, 'invoiceAccount')}
            normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '') : v)}
          >
            <Input placeholder={inputPlaceholder(R, 'invoiceAccount')} maxLength={24} />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {COMPANY_FORM_TEXT.save}
        </Button>
      )}
    </Form>
  );
}
