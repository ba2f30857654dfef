import { useEffect, useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Row, type FormRule } from 'antd';
import { ASSET_MESSAGES, COMPANY_MESSAGES, CREDIT_CODE_PATTERN, PATTERNS, type CompanyProfile } from '@district/shared';
import { ImageUpload } from '../../../components/upload/image-upload';
import { errorMessage } from '../../../lib/errors';
import type { CompanyPayload } from '../api/company-api';

export const COMPANY_FORM_TEXT = {
  save: '保存',
  saved: '保存成功！',
  logoHint: '单张图片',
} as const;

/** 纳税人识别号: 15 to 20 digits or capital letters (the server's rule). */
export const TAX_NO_PATTERN = /^[0-9A-Z]{15,20}$/;

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
  ['企业Logo', 'logo'],
];

function useSubmit<V extends object>(
  form: ReturnType<typeof Form.useForm<V>>[0],
  toPayload: (v: V) => CompanyPayload,
  { profile, onSave }: SaveProps,
) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows the messages.
    }
    setSaving(true);
    try {
      await onSave({ ...toPayload(values), version: profile.id ? profile.version : undefined });
      void message.success(COMPANY_FORM_TEXT.saved);
    } catch (error) {
      // The request layer shows the notice; the message also goes under the field it names.
      const text = errorMessage(error, '');
      const field = FIELD_OF_MESSAGE.find(([m]) => text.includes(m))?.[1];
      if (field && field in (form.getFieldsValue() as object)) {
        form.setFields([{ name: field as never, errors: [text] }]);
      }
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving };
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
  const { profile, editable } = props;
  const [form] = Form.useForm<BasicValues>();
  useEffect(() => {
    form.setFieldsValue({
      name: profile.name,
      creditCode: profile.creditCode ?? '',
      legalPerson: profile.legalPerson ?? '',
      address: profile.address ?? '',
      phone: profile.phone ?? '',
      logo: profile.logo ?? '',
      longitude: profile.longitude,
      latitude: profile.latitude,
    });
  }, [profile, form]);
  const { submit, saving } = useSubmit(
    form,
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
          <Form.Item
            label="企业名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: COMPANY_MESSAGES.nameRequired },
              { max: 100, message: '企业名称最多100个字符' },
            ]}
          >
            <Input placeholder="请输入企业名称" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="统一社会信用代码"
            name="creditCode"
            normalize={upper}
            rules={[{ pattern: CREDIT_CODE_PATTERN, message: COMPANY_MESSAGES.creditCode }]}
          >
            <Input placeholder="18位统一社会信用代码" maxLength={18} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="法定代表人" name="legalPerson" rules={[{ max: 50, message: '法定代表人最多50个字符' }]}>
            <Input placeholder="请输入法定代表人" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="联系电话" name="phone" rules={[phoneRule]}>
            <Input placeholder="手机号或座机号，如 028-86661234" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="地址" name="address" rules={[{ max: 255, message: '地址最多255个字符' }]}>
            <Input placeholder="请输入企业地址" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="经度"
            name="longitude"
            dependencies={['latitude']}
            rules={[{ type: 'number', min: -180, max: 180, message: ASSET_MESSAGES.longitude }, pairRule('latitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 经度" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="纬度"
            name="latitude"
            dependencies={['longitude']}
            rules={[{ type: 'number', min: -90, max: 90, message: ASSET_MESSAGES.latitude }, pairRule('longitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 纬度" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="企业Logo" name="logo" extra={editable ? COMPANY_FORM_TEXT.logoHint : undefined}>
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
  const [form] = Form.useForm<InvoiceValues>();
  useEffect(() => {
    form.setFieldsValue({
      invoiceTitle: profile.invoiceTitle ?? '',
      invoiceTaxNo: profile.invoiceTaxNo ?? '',
      invoiceAddress: profile.invoiceAddress ?? '',
      invoicePhone: profile.invoicePhone ?? '',
      invoiceBank: profile.invoiceBank ?? '',
      invoiceAccount: profile.invoiceAccount ?? '',
    });
  }, [profile, form]);
  const { submit, saving } = useSubmit(
    form,
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
          <Form.Item label="发票抬头" name="invoiceTitle" rules={[{ max: 100, message: '发票抬头最多100个字符' }]}>
            <Input placeholder="请输入发票抬头" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="纳税人识别号"
            name="invoiceTaxNo"
            normalize={upper}
            rules={[{ pattern: TAX_NO_PATTERN, message: COMPANY_MESSAGES.taxNo }]}
          >
            <Input placeholder="15到20位字母或数字" maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="注册地址" name="invoiceAddress" rules={[{ max: 255, message: '注册地址最多255个字符' }]}>
            <Input placeholder="请输入注册地址" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="电话" name="invoicePhone" rules={[phoneRule]}>
            <Input placeholder="手机号或座机号" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="开户银行" name="invoiceBank" rules={[{ max: 100, message: '开户银行最多100个字符' }]}>
            <Input placeholder="请输入开户银行" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="银行账号"
            name="invoiceAccount"
            normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '') : v)}
            rules={[{ pattern: PATTERNS.bankCard, message: COMPANY_MESSAGES.accountNo }]}
          >
            <Input placeholder="请输入银行账号" maxLength={24} />
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
