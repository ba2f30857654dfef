import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_CATEGORY_ROOT,
  ASSET_LIMITS,
  ASSET_MESSAGES,
  ASSET_RESOURCE as R,
  ASSET_STATUS,
  ASSET_STATUS_ITEMS,
  DATE_FORMAT,
} from '@district/shared';
import { AreaLinkage } from '@/components/area/area-linkage';
import { CategorySelect } from '@/components/category-select/category-select';
import { DictSelect } from '@/components/dict/dict-select';
import { RichTextEditor } from '@/components/editors/rich-text-editor';
import { formField, inputPlaceholder, selectPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { ImageMover } from '@/components/image-mover/image-mover';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { ImageUpload } from '@/components/upload/image-upload';
import { Uploader } from '@/components/upload/uploader';
import { getFileAccessHttpUrl } from '@/lib/request';
import {
  assetQueryKey,
  fetchAssetDetail,
  pathsOf,
  saveAsset,
  type AssetPayload,
  type AssetRecord,
} from '../api/asset-api';
import { AssetStatusTag } from './asset-status-tag';

const F = R.fields;

export const ASSET_FORM_TEXT = {
  add: `新增${R.title}`,
  edit: `编辑${R.title}`,
  codeAuto: '保存后自动生成',
  statusHint: ASSET_MESSAGES.statusByLedger,
  departHint: '所属部门通过台账的调拨事件变更',
  sections: { basic: '基本信息', location: '位置', value: '价值', files: '图片与附件', description: '描述' },
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
  ['name', [F.name.title]],
  ['categoryId', [F.categoryId.title]],
  ['ownerDepartId', [F.ownerDepartId.title, '部门']],
  ['custodian', [F.custodian.title]],
  ['regionCode', [F.regionCode.title]],
  ['address', [F.address.title]],
  ['longitude', [F.longitude.title]],
  ['latitude', [F.latitude.title]],
  ['area', ['面积']],
  ['netValue', ['净值']],
  ['originalValue', ['原值']],
  ['acquiredDate', [F.acquiredDate.title]],
  ['useNature', [F.useNature.title]],
  ['certificateNo', [F.certificateNo.title]],
  ['images', ['图片']],
  ['attachments', [F.attachments.title, '文件']],
  ['description', [F.description.title, '描述']],
  ['remark', [F.remark.title]],
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

/** The form's values when it opens: the asset's, or a new idle asset. */
function initialValues(r: AssetRecord | null): FormValues {
  return r ? toValues(r) : { status: ASSET_STATUS.idle, images: '', attachments: '', description: '' };
}

/** 新增/编辑 of an asset: a wide modal in sections (基本信息 / 位置 / 价值 / 图片与附件 / 描述). */
export function AssetFormModal({ open, record, onClose, onSaved }: AssetFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const editing = record !== null;
  // The freshest copy of the edited asset (its version guards against saving over a ledger event).
  const fresh = useQuery({
    queryKey: assetQueryKey(record?.id ?? ''),
    queryFn: () => fetchAssetDetail(record!.id),
    enabled: open && editing,
  });
  const current = editing ? (fresh.data ?? record) : null;

  const today = dayjs().endOf('day');
  const section = (title: string) => (
    <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
      {title}
    </Divider>
  );

  return (
    <RecordFormModal<AssetRecord, FormValues, { message: string; warning: string | null }>
      open={open}
      record={current}
      editing={editing}
      form={form}
      titles={ASSET_FORM_TEXT}
      formName="asset-form"
      width={ASSET_FORM_WIDTH}
      layout="vertical"
      loading={editing && fresh.isFetching}
      modalProps={{ styles: { body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } } }}
      initialValues={initialValues}
      save={(values, r) => saveAsset(toPayload(values, r))}
      fieldOfError={fieldOfMessage}
      onClose={onClose}
      onSaved={onSaved}
    >
      {section(ASSET_FORM_TEXT.sections.basic)}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...formField(R, 'name')}>
            <Input placeholder={inputPlaceholder(R, 'name')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={F.code.title} name="code">
            <Input disabled placeholder={ASSET_FORM_TEXT.codeAuto} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'categoryId')}>
            <CategorySelect pcode={ASSET_CATEGORY_ROOT} placeholder={selectPlaceholder(R, 'categoryId')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'ownerDepartId')} extra={editing ? ASSET_FORM_TEXT.departHint : undefined}>
            <DepartSelect multiple={false} disabled={editing} placeholder={selectPlaceholder(R, 'ownerDepartId')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={F.custodian.title} name="custodian">
            <UserSelect multiple={false} placeholder={selectPlaceholder(R, 'custodian')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          {editing ? (
            <Form.Item label={F.status.title} extra={ASSET_FORM_TEXT.statusHint}>
              <AssetStatusTag status={current?.status} />
            </Form.Item>
          ) : (
            <Form.Item {...formField(R, 'status')}>
              <DictSelect
                dictCode={F.status.dict}
                placeholder={selectPlaceholder(R, 'status')}
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
          <Form.Item {...formField(R, 'useNature')}>
            <DictSelect dictCode={F.useNature.dict} placeholder={selectPlaceholder(R, 'useNature')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'certificateNo')}>
            <Input placeholder="房产证/不动产权证号" />
          </Form.Item>
        </Col>
      </Row>

      {section(ASSET_FORM_TEXT.sections.location)}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label={F.regionCode.title} name="regionCode">
            <AreaLinkage />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'address')}>
            <Input placeholder="请输入详细地址" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={F.longitude.title}
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
            label={F.latitude.title}
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
            label={F.acquiredDate.title}
            name="acquiredDate"
            rules={[
              {
                validator: async (_r, v: Dayjs | null | undefined) => {
                  if (v && v.isAfter(today)) throw new Error(ASSET_MESSAGES.futureDate(F.acquiredDate.title));
                },
              },
            ]}
          >
            <DatePicker
              style={{ width: '100%' }}
              format={DATE_FORMAT}
              disabledDate={(d) => d.isAfter(today)}
              placeholder={selectPlaceholder(R, 'acquiredDate')}
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
      <Form.Item label={F.images.title} name="images" extra={`最多${ASSET_LIMITS.maxImages}张，第一张为封面`}>
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
      <Form.Item label={F.attachments.title} name="attachments">
        <Uploader number={ASSET_LIMITS.maxAttachments} bizPath="asset" buttonText="上传附件" />
      </Form.Item>

      {section(ASSET_FORM_TEXT.sections.description)}
      <Form.Item label={F.description.title} name="description">
        <RichTextEditor height={240} bizPath="asset" />
      </Form.Item>
      <Form.Item {...formField(R, 'remark')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'remark')} />
      </Form.Item>
    </RecordFormModal>
  );
}
