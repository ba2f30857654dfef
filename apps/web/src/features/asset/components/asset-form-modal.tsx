import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Row, Spin, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_DICT,
  ASSET_LIMITS,
  ASSET_MESSAGES,
  ASSET_STATUS,
  ASSET_STATUS_ITEMS,
  DATE_FORMAT,
} from '@district/shared';
import { AreaLinkage } from '../../../components/area/area-linkage';
import { CategorySelect } from '../../../components/category-select/category-select';
import { DictSelect } from '../../../components/dict/dict-select';
import { RichTextEditor } from '../../../components/editors/rich-text-editor';
import { ImageMover } from '../../../components/image-mover/image-mover';
import { DepartSelect } from '../../../components/pickers/depart-select';
import { UserSelect } from '../../../components/pickers/user-select';
import { ImageUpload } from '../../../components/upload/image-upload';
import { Uploader } from '../../../components/upload/uploader';
import { errorMessage } from '../../../lib/errors';
import { getFileAccessHttpUrl } from '../../../lib/request';
import { fetchAssetDetail, pathsOf, saveAsset, type AssetPayload, type AssetRecord } from '../api/asset-api';
import { AssetStatusTag } from './asset-status-tag';

/** The category tree of assets (资产分类) starts below this code. */
export const ASSET_CATEGORY_ROOT = 'A01';

export const ASSET_FORM_TEXT = {
  add: '新增资产',
  edit: '编辑资产',
  codeAuto: '保存后自动生成',
  statusHint: ASSET_MESSAGES.statusByLedger,
  departHint: '所属部门通过台账的调拨事件变更',
  sections: { basic: '基本信息', location: '位置', value: '价值', files: '图片与附件', description: '描述' },
  saved: '保存成功！',
} as const;

export const ASSET_FORM_WIDTH = 1000;

interface FormValues {
  name?: string;
  code?: string;
  categoryId?: string;
  ownerDepartId?: string;
  custodian?: string;
  address?: string;
  regionCode?: string;
  longitude?: number | null;
  latitude?: number | null;
  area?: number | null;
  originalValue?: number | null;
  netValue?: number | null;
  acquiredDate?: Dayjs | null;
  status?: string;
  useNature?: string;
  certificateNo?: string;
  images?: string;
  attachments?: string;
  description?: string;
  remark?: string;
}

/**
 * Which form field a server message is about: the messages name the field (经度须在…, 净值不能大于原值, 所属部门
 * 不存在…). Checked in order, so 净值 wins over 原值 in "净值不能大于原值".
 */
const FIELD_TITLES: [keyof FormValues, string[]][] = [
  ['name', ['资产名称']],
  ['categoryId', ['资产分类']],
  ['ownerDepartId', ['所属部门', '部门']],
  ['custodian', ['保管人']],
  ['regionCode', ['所在地区']],
  ['address', ['地址']],
  ['longitude', ['经度']],
  ['latitude', ['纬度']],
  ['area', ['面积']],
  ['netValue', ['净值']],
  ['originalValue', ['原值']],
  ['acquiredDate', ['取得日期']],
  ['useNature', ['使用性质']],
  ['certificateNo', ['权证号']],
  ['images', ['图片']],
  ['attachments', ['附件', '文件']],
  ['description', ['资产描述', '描述']],
  ['remark', ['备注']],
];

export function fieldOfMessage(message: string): keyof FormValues | undefined {
  if (message === ASSET_MESSAGES.outsideDistrict) return undefined;
  return FIELD_TITLES.find(([, titles]) => titles.some((t) => message.includes(t)))?.[0];
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
const num = (v: number | null | undefined) => (v === undefined || v === null ? null : v);

const moneyRule = (title: string): FormRule => ({
  type: 'number',
  min: 0,
  max: ASSET_LIMITS.maxYuan,
  message: ASSET_MESSAGES.money(title),
});

function toValues(r: AssetRecord): FormValues {
  return {
    name: r.name,
    code: r.code,
    categoryId: r.categoryId,
    ownerDepartId: r.ownerDepartId ?? undefined,
    custodian: r.custodian ?? undefined,
    address: r.address ?? undefined,
    regionCode: r.regionCode ?? undefined,
    longitude: r.longitude,
    latitude: r.latitude,
    area: r.area,
    originalValue: r.originalValue,
    netValue: r.netValue,
    acquiredDate: r.acquiredDate ? dayjs(r.acquiredDate) : null,
    status: r.status,
    useNature: r.useNature ?? undefined,
    certificateNo: r.certificateNo ?? undefined,
    images: r.images ?? '',
    attachments: r.attachments ?? '',
    description: r.description ?? '',
    remark: r.remark ?? undefined,
  };
}

function toPayload(v: FormValues, record: AssetRecord | null): AssetPayload {
  const payload: AssetPayload = {
    name: (v.name ?? '').trim(),
    categoryId: v.categoryId,
    custodian: blank(v.custodian),
    address: blank(v.address),
    regionCode: blank(v.regionCode),
    longitude: num(v.longitude),
    latitude: num(v.latitude),
    area: num(v.area),
    originalValue: num(v.originalValue),
    netValue: num(v.netValue),
    acquiredDate: v.acquiredDate ? v.acquiredDate.format(DATE_FORMAT) : null,
    useNature: v.useNature ?? null,
    certificateNo: blank(v.certificateNo),
    images: v.images ?? '',
    attachments: v.attachments ?? '',
    description: v.description ?? '',
    remark: blank(v.remark),
  };
  if (record) {
    // Code, status and department change only through the ledger: not sent when editing.
    payload.id = record.id;
    payload.version = record.version;
  } else {
    payload.ownerDepartId = v.ownerDepartId ?? null;
    payload.status = v.status as AssetPayload['status'];
  }
  return payload;
}

/** The ordered images as thumbnails with 左移 / 右移; moving rewrites the stored order. */
function ImageOrder({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const paths = pathsOf(value);
  if (paths.length < 2) return null;
  const urls = paths.map((p) => getFileAccessHttpUrl(p));
  return (
    <ImageMover
      size={72}
      value={urls}
      onChange={(next) => onChange?.(next.map((url) => paths[urls.indexOf(url)] ?? url).join(','))}
    />
  );
}

export interface AssetFormModalProps {
  open: boolean;
  /** null when adding. */
  record: AssetRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/编辑 of an asset: a wide modal in sections (基本信息 / 位置 / 价值 / 图片与附件 / 描述). */
export function AssetFormModal({ open, record, onClose, onSaved }: AssetFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  // The freshest copy of the edited asset (its version guards against saving over a ledger event).
  const [current, setCurrent] = useState<AssetRecord | null>(record);
  const editing = record !== null;

  useEffect(() => {
    if (!open) return;
    let active = true;
    form.resetFields();
    setCurrent(record);
    if (record) {
      form.setFieldsValue(toValues(record));
      setLoading(true);
      fetchAssetDetail(record.id)
        .then((fresh) => {
          if (!active) return;
          setCurrent(fresh);
          form.setFieldsValue(toValues(fresh));
        })
        .catch(() => undefined)
        .finally(() => active && setLoading(false));
    } else {
      form.setFieldsValue({ status: ASSET_STATUS.idle, images: '', attachments: '', description: '' });
    }
    return () => {
      active = false;
    };
  }, [open, record, form]);

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows the messages.
    }
    setSaving(true);
    try {
      const res = await saveAsset(toPayload(values, current));
      // Saved, but with a warning (coordinates outside the district): worth a second look, not a refusal.
      const warning = (res.result as { warning?: string } | null)?.warning;
      if (warning || res.message.includes(ASSET_MESSAGES.outsideDistrict)) void message.warning(res.message || warning);
      else void message.success(res.message || ASSET_FORM_TEXT.saved);
      onSaved();
    } catch (error) {
      // The request layer shows the message as a notice; it also goes under the field it names.
      const text = errorMessage(error, '');
      const field = text ? fieldOfMessage(text) : undefined;
      if (field) form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  const today = dayjs().endOf('day');
  const section = (title: string) => (
    <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
      {title}
    </Divider>
  );

  return (
    <Modal
      open={open}
      title={editing ? ASSET_FORM_TEXT.edit : ASSET_FORM_TEXT.add}
      width={ASSET_FORM_WIDTH}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="asset-form">
          {section(ASSET_FORM_TEXT.sections.basic)}
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                label="资产名称"
                name="name"
                rules={[
                  { required: true, whitespace: true, message: ASSET_MESSAGES.nameRequired },
                  { max: 100, message: '资产名称最多100个字符' },
                ]}
              >
                <Input placeholder="请输入资产名称" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="资产编码" name="code">
                <Input disabled placeholder={ASSET_FORM_TEXT.codeAuto} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="资产分类"
                name="categoryId"
                rules={[{ required: true, message: ASSET_MESSAGES.categoryRequired }]}
              >
                <CategorySelect pcode={ASSET_CATEGORY_ROOT} placeholder="请选择资产分类" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="所属部门" name="ownerDepartId" extra={editing ? ASSET_FORM_TEXT.departHint : undefined}>
                <DepartSelect multiple={false} disabled={editing} placeholder="请选择所属部门" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="保管人" name="custodian">
                <UserSelect multiple={false} placeholder="请选择保管人" />
              </Form.Item>
            </Col>
            <Col span={12}>
              {editing ? (
                <Form.Item label="资产状态" extra={ASSET_FORM_TEXT.statusHint}>
                  <AssetStatusTag status={current?.status} />
                </Form.Item>
              ) : (
                <Form.Item
                  label="资产状态"
                  name="status"
                  rules={[{ required: true, message: ASSET_MESSAGES.statusRequired }]}
                >
                  <DictSelect
                    dictCode={ASSET_DICT.status}
                    placeholder="请选择资产状态"
                    allowClear={false}
                    // A new asset is idle or in use; the other states come from ledger events.
                    hiddenValues={ASSET_STATUS_ITEMS.map((s) => s.value).filter(
                      (s) => s !== ASSET_STATUS.idle && s !== ASSET_STATUS.inUse,
                    )}
                  />
                </Form.Item>
              )}
            </Col>
            <Col span={12}>
              <Form.Item label="使用性质" name="useNature">
                <DictSelect dictCode={ASSET_DICT.useNature} placeholder="请选择使用性质" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="权证号" name="certificateNo" rules={[{ max: 100, message: '权证号最多100个字符' }]}>
                <Input placeholder="房产证/不动产权证号" />
              </Form.Item>
            </Col>
          </Row>

          {section(ASSET_FORM_TEXT.sections.location)}
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="所在地区" name="regionCode">
                <AreaLinkage />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="地址" name="address" rules={[{ max: 255, message: '地址最多255个字符' }]}>
                <Input placeholder="请输入详细地址" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="经度"
                name="longitude"
                dependencies={['latitude']}
                rules={[
                  { type: 'number', min: -180, max: 180, message: ASSET_MESSAGES.longitude },
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: unknown) => {
                      const lat: unknown = getFieldValue('latitude');
                      if ((v === null || v === undefined) && lat !== null && lat !== undefined)
                        throw new Error(ASSET_MESSAGES.coordinatePair);
                    },
                  }),
                ]}
              >
                <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 经度" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="纬度"
                name="latitude"
                dependencies={['longitude']}
                rules={[
                  { type: 'number', min: -90, max: 90, message: ASSET_MESSAGES.latitude },
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: unknown) => {
                      const lng: unknown = getFieldValue('longitude');
                      if ((v === null || v === undefined) && lng !== null && lng !== undefined)
                        throw new Error(ASSET_MESSAGES.coordinatePair);
                    },
                  }),
                ]}
              >
                <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 纬度" />
              </Form.Item>
            </Col>
          </Row>

          {section(ASSET_FORM_TEXT.sections.value)}
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                label="面积"
                name="area"
                rules={[{ type: 'number', min: 0, max: ASSET_LIMITS.maxArea, message: ASSET_MESSAGES.area }]}
              >
                <InputNumber style={{ width: '100%' }} min={0} precision={2} suffix="m²" placeholder="请输入面积" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="取得日期"
                name="acquiredDate"
                rules={[
                  {
                    validator: async (_r, v: Dayjs | null | undefined) => {
                      if (v && v.isAfter(today)) throw new Error(ASSET_MESSAGES.futureDate('取得日期'));
                    },
                  },
                ]}
              >
                <DatePicker
                  style={{ width: '100%' }}
                  format={DATE_FORMAT}
                  disabledDate={(d) => d.isAfter(today)}
                  placeholder="请选择取得日期"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="原值" name="originalValue" rules={[moneyRule('原值')]}>
                <InputNumber style={{ width: '100%' }} min={0} precision={2} suffix="元" placeholder="请输入原值" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="净值"
                name="netValue"
                dependencies={['originalValue']}
                rules={[
                  moneyRule('净值'),
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: number | null | undefined) => {
                      const original = getFieldValue('originalValue') as number | null | undefined;
                      if (typeof v === 'number' && typeof original === 'number' && v > original)
                        throw new Error(ASSET_MESSAGES.netAboveOriginal);
                    },
                  }),
                ]}
              >
                <InputNumber style={{ width: '100%' }} min={0} precision={2} suffix="元" placeholder="请输入净值" />
              </Form.Item>
            </Col>
          </Row>

          {section(ASSET_FORM_TEXT.sections.files)}
          <Form.Item label="资产图片" name="images" extra={`最多${ASSET_LIMITS.maxImages}张，第一张为封面`}>
            <ImageUpload isMultiple number={ASSET_LIMITS.maxImages} bizPath="asset" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.images !== b.images}>
            {() =>
              pathsOf(form.getFieldValue('images') as string | undefined).length > 1 && (
                <Form.Item label="图片顺序">
                  <ImageOrder
                    value={form.getFieldValue('images') as string | undefined}
                    onChange={(images) => form.setFieldsValue({ images })}
                  />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item label="附件" name="attachments">
            <Uploader number={ASSET_LIMITS.maxAttachments} bizPath="asset" buttonText="上传附件" />
          </Form.Item>

          {section(ASSET_FORM_TEXT.sections.description)}
          <Form.Item label="资产描述" name="description">
            <RichTextEditor height={240} bizPath="asset" />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注最多500个字符' }]}>
            <Input.TextArea rows={2} placeholder="请输入备注" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
