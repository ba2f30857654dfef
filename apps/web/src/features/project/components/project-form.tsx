import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  DATE_FORMAT,
  PROJECT_MESSAGES,
  PROJECT_RESOURCE as R,
  PROJECT_TYPE,
  type ProjectDetail,
} from '@district/shared';
import { DictSelect } from '@/components/dict/dict-select';
import { RichTextEditor } from '@/components/editors/rich-text-editor';
import { formField, inputPlaceholder, selectPlaceholder } from '@/components/form-modal/field-rules';
import type { RecordFormOptions, RecordSaveAnswer } from '@/components/form-modal/use-record-form';
import { DepartSelect } from '@/components/pickers/depart-select';
import { Uploader } from '@/components/upload/uploader';
import { errorMessage } from '@/lib/errors';
import { projectDetailQuery, saveProject, type ProjectPayload } from '../api/project-api';
import { LeaderSelect } from './leader-select';
import { ProjectStatusTag } from './project-status';

const F = R.fields;

export const PROJECT_FORM_TEXT = {
  add: `新建${R.title}`,
  edit: `编辑${R.title}`,
  codeAuto: '保存后自动生成',
  statusHint: PROJECT_MESSAGES.statusByAction,
  sections: { basic: '基本信息', plan: '计划与成本', location: '位置', files: '附件与描述' },
  notFound: PROJECT_MESSAGES.notFound,
} as const;

export const PROJECT_FORM_WIDTH = 1000;

export interface ProjectFormValues {
  name?: string;
  code?: string;
  type?: string;
  leaderId?: string | null;
  departId?: string | null;
  budget?: number | null;
  actualCost?: number | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  progress?: number | null;
  address?: string;
  longitude?: number | null;
  latitude?: number | null;
  attachments?: string;
  description?: string;
  remark?: string;
}

/** Which form field a server message is about (the messages name their field). */
const FIELD_TITLES: [keyof ProjectFormValues, string[]][] = [
  ['name', [F.name.title]],
  ['type', [F.type.title, '非安置类']],
  ['leaderId', ['负责人']],
  ['departId', [F.departId.title]],
  ['budget', ['预算']],
  ['actualCost', ['实际成本']],
  ['endDate', [F.endDate.title]],
  ['startDate', [F.startDate.title]],
  ['progress', ['进度']],
  ['address', [F.address.title]],
  ['longitude', [F.longitude.title]],
  ['latitude', [F.latitude.title]],
  ['attachments', [F.attachments.title]],
  ['description', [F.description.title]],
  ['remark', [F.remark.title]],
];

export function fieldOfMessage(message: string): keyof ProjectFormValues | undefined {
  return FIELD_TITLES.find(([, titles]) => titles.some((t) => message.includes(t)))?.[0];
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
const num = (v: number | null | undefined) => (v === undefined || v === null ? null : v);

const moneyRule = (title: string): FormRule => ({
  type: 'number',
  min: 0,
  max: ASSET_LIMITS.maxYuan,
  message: PROJECT_MESSAGES.money(title),
});

export const progressRule: FormRule = {
  validator: async (_r, v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 100) throw new Error(PROJECT_MESSAGES.progress);
  },
};

export function toValues(p: ProjectDetail): ProjectFormValues {
  return {
    name: p.name,
    code: p.code,
    type: p.type,
    leaderId: p.leaderId,
    departId: p.departId,
    budget: p.budget,
    actualCost: p.actualCost,
    startDate: p.startDate ? dayjs(p.startDate) : null,
    endDate: p.endDate ? dayjs(p.endDate) : null,
    progress: p.progress,
    address: p.address ?? undefined,
    longitude: p.longitude,
    latitude: p.latitude,
    attachments: p.attachments.map((a) => a.path).join(','),
    description: p.description ?? '',
    remark: p.remark ?? undefined,
  };
}

export function toPayload(v: ProjectFormValues, current: ProjectDetail | null): ProjectPayload {
  const payload: ProjectPayload = {
    name: (v.name ?? '').trim(),
    type: v.type as ProjectPayload['type'],
    leaderId: v.leaderId ?? null,
    departId: v.departId ?? null,
    budget: num(v.budget),
    actualCost: num(v.actualCost),
    startDate: v.startDate ? v.startDate.format(DATE_FORMAT) : null,
    endDate: v.endDate ? v.endDate.format(DATE_FORMAT) : null,
    progress: num(v.progress) ?? 0,
    address: blank(v.address),
    longitude: num(v.longitude),
    latitude: num(v.latitude),
    attachments: v.attachments ?? '',
    description: v.description ?? '',
    remark: blank(v.remark),
  };
  if (current) {
    // The code is fixed and the status changes through its actions: neither is sent when editing.
    payload.id = current.id;
    payload.version = current.version;
  }
  return payload;
}

/**
 * The edited project, fresh from the server each time a form opens (its version guards against saving over a status
 * change): null when adding, or while it loads; a load that failed is said in `loadError`.
 */
export function useProjectRecord(id: string | null, active: boolean) {
  const detail = useQuery({ ...projectDetailQuery(id ?? ''), enabled: active && id !== null });
  return {
    current: id ? (detail.data ?? null) : null,
    loading: id !== null && detail.isFetching,
    loadError: id && detail.error ? errorMessage(detail.error, PROJECT_FORM_TEXT.notFound) : null,
  };
}

/** How a project form fills, saves and places the server's refusals: the modal's and the full page's. */
export function projectFormOptions(id: string | null): Pick<
  RecordFormOptions<ProjectDetail, ProjectFormValues, RecordSaveAnswer>,
  'initialValues' | 'fieldOfError'
> & {
  save: (values: ProjectFormValues, record: ProjectDetail | null) => Promise<RecordSaveAnswer>;
} {
  return {
    // A new project starts as a construction project at 0%; an edited one waits for its detail.
    initialValues: (r) =>
      r
        ? toValues(r)
        : id
          ? undefined
          : { type: PROJECT_TYPE.construction, progress: 0, attachments: '', description: '' },
    save: (values, r) => saveProject(toPayload(values, r)),
    fieldOfError: fieldOfMessage,
  };
}

const section = (title: string) => (
  <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
    {title}
  </Divider>
);

const pairRule =
  (other: 'longitude' | 'latitude'): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, v: unknown) => {
      const o: unknown = getFieldValue(other);
      if ((v === null || v === undefined) && o !== null && o !== undefined)
        throw new Error(ASSET_MESSAGES.coordinatePair);
    },
  });

/** The fields of a project, in sections (inside a vertical form): one set for the modal and the full page. */
export function ProjectFields({
  current,
}: {
  /** The edited project, null when adding. */
  current: ProjectDetail | null;
}) {
  return (
    <>
      {section(PROJECT_FORM_TEXT.sections.basic)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...formField(R, 'name')}>
            <Input placeholder={inputPlaceholder(R, 'name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={F.code.title} name="code">
            <Input disabled placeholder={PROJECT_FORM_TEXT.codeAuto} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...formField(R, 'type')}>
            <DictSelect dictCode={F.type.dict} placeholder={selectPlaceholder(R, 'type')} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={F.status.title} extra={current ? PROJECT_FORM_TEXT.statusHint : '新建的项目为“计划”状态'}>
            <ProjectStatusTag status={current?.status ?? 'planned'} text={current?.statusText} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={F.leaderId.title} name="leaderId">
            <LeaderSelect name={current?.leaderName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...formField(R, 'departId')} getValueFromEvent={(v: string | undefined) => v ?? null}>
            <DepartSelect multiple={false} placeholder={selectPlaceholder(R, 'departId')} />
          </Form.Item>
        </Col>
      </Row>

      {section(PROJECT_FORM_TEXT.sections.plan)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...formField(R, 'startDate')}>
            <DatePicker
              style={{ width: '100%' }}
              format={DATE_FORMAT}
              placeholder={selectPlaceholder(R, 'startDate')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={F.endDate.title}
            name="endDate"
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, v: Dayjs | null | undefined) => {
                  const start = getFieldValue('startDate') as Dayjs | null | undefined;
                  if (v && start && v.isBefore(start, 'day')) throw new Error(PROJECT_MESSAGES.endBeforeStart);
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder={selectPlaceholder(R, 'endDate')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="预算" name="budget" rules={[moneyRule('预算')]}>
            <InputNumber style={{ width: '100%' }} precision={2} suffix="元" placeholder="请输入预算" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="实际成本" name="actualCost" rules={[moneyRule('实际成本')]}>
            <InputNumber style={{ width: '100%' }} precision={2} suffix="元" placeholder="请输入实际成本" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="进度" name="progress" rules={[progressRule]}>
            <InputNumber style={{ width: '100%' }} suffix="%" placeholder="0–100" />
          </Form.Item>
        </Col>
      </Row>

      {section(PROJECT_FORM_TEXT.sections.location)}
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item {...formField(R, 'address')}>
            <Input placeholder={inputPlaceholder(R, 'address')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={F.longitude.title}
            name="longitude"
            dependencies={['latitude']}
            rules={[{ type: 'number', min: -180, max: 180, message: ASSET_MESSAGES.longitude }, pairRule('latitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 经度" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={F.latitude.title}
            name="latitude"
            dependencies={['longitude']}
            rules={[{ type: 'number', min: -90, max: 90, message: ASSET_MESSAGES.latitude }, pairRule('longitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 纬度" />
          </Form.Item>
        </Col>
      </Row>

      {section(PROJECT_FORM_TEXT.sections.files)}
      <Form.Item label={F.attachments.title} name="attachments">
        <Uploader number={20} bizPath="project" buttonText="上传附件" />
      </Form.Item>
      <Form.Item label={F.description.title} name="description">
        <RichTextEditor height={240} bizPath="project" />
      </Form.Item>
      <Form.Item {...formField(R, 'remark')}>
        <Input.TextArea rows={2} placeholder={inputPlaceholder(R, 'remark')} />
      </Form.Item>
    </>
  );
}
