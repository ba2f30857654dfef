import { useCallback, useEffect, useState } from 'react';
import { App, Col, DatePicker, Divider, Form, Input, InputNumber, Row, type FormInstance, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  DATE_FORMAT,
  PROJECT_DICT,
  PROJECT_MESSAGES,
  PROJECT_TYPE,
  type ProjectDetail,
} from '@district/shared';
import { DictSelect } from '../../../components/dict/dict-select';
import { RichTextEditor } from '../../../components/editors/rich-text-editor';
import { DepartSelect } from '../../../components/pickers/depart-select';
import { Uploader } from '../../../components/upload/uploader';
import { errorMessage } from '../../../lib/errors';
import { fetchProjectDetail, saveProject, type ProjectPayload } from '../api/project-api';
import { LeaderSelect } from './leader-select';
import { ProjectStatusTag } from './project-status';

export const PROJECT_FORM_TEXT = {
  add: '新建项目',
  edit: '编辑项目',
  codeAuto: '保存后自动生成',
  statusHint: PROJECT_MESSAGES.statusByAction,
  sections: { basic: '基本信息', plan: '计划与成本', location: '位置', files: '附件与描述' },
  saved: '保存成功！',
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
  ['name', ['项目名称']],
  ['type', ['项目类型', '非安置类']],
  ['leaderId', ['负责人']],
  ['departId', ['所属部门']],
  ['budget', ['预算']],
  ['actualCost', ['实际成本']],
  ['endDate', ['结束日期']],
  ['startDate', ['开始日期']],
  ['progress', ['进度']],
  ['address', ['项目地址']],
  ['longitude', ['经度']],
  ['latitude', ['纬度']],
  ['attachments', ['附件']],
  ['description', ['项目描述']],
  ['remark', ['备注']],
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
 * The state of one project form (the modal's and the full page's): the form, the freshest copy of the
 * edited project (its version guards against saving over a status change), loading and saving.
 */
export function useProjectForm(id: string | null, active: boolean) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const [current, setCurrent] = useState<ProjectDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    let alive = true;
    form.resetFields();
    setCurrent(null);
    setLoadError(null);
    if (id) {
      setLoading(true);
      fetchProjectDetail(id)
        .then((fresh) => {
          if (!alive) return;
          setCurrent(fresh);
          form.setFieldsValue(toValues(fresh));
        })
        .catch((error: unknown) => alive && setLoadError(errorMessage(error, '项目不存在或已删除')))
        .finally(() => alive && setLoading(false));
    } else {
      form.setFieldsValue({ type: PROJECT_TYPE.construction, progress: 0, attachments: '', description: '' });
    }
    return () => {
      alive = false;
    };
  }, [id, active, form]);

  /** Validates and saves; true once saved (a warning, e.g. over budget, is shown as a warning). */
  const submit = useCallback(async (): Promise<boolean> => {
    let values: ProjectFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false; // The form shows the messages.
    }
    setSaving(true);
    try {
      const answer = await saveProject(toPayload(values, current));
      if (answer.warning) void message.warning(answer.message || answer.warning);
      else void message.success(answer.message || PROJECT_FORM_TEXT.saved);
      return true;
    } catch (error) {
      // The request layer shows the message as a notice; it also goes under the field it names.
      const text = errorMessage(error, '');
      const field = text ? fieldOfMessage(text) : undefined;
      if (field) form.setFields([{ name: field, errors: [text] }]);
      return false;
    } finally {
      setSaving(false);
    }
  }, [form, current, message]);

  return { form, current, loading, saving, loadError, submit };
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

/** The fields of a project, in sections: one form for the modal and the full page. */
export function ProjectForm({
  form,
  current,
}: {
  form: FormInstance<ProjectFormValues>;
  /** The edited project, null when adding. */
  current: ProjectDetail | null;
}) {
  return (
    <Form form={form} layout="vertical" name="project-form">
      {section(PROJECT_FORM_TEXT.sections.basic)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="项目名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: PROJECT_MESSAGES.nameRequired },
              { max: 100, message: '项目名称最多100个字符' },
            ]}
          >
            <Input placeholder="请输入项目名称" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="项目编号" name="code">
            <Input disabled placeholder={PROJECT_FORM_TEXT.codeAuto} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="项目类型" name="type" rules={[{ required: true, message: PROJECT_MESSAGES.typeRequired }]}>
            <DictSelect dictCode={PROJECT_DICT.type} placeholder="请选择项目类型" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="项目状态" extra={current ? PROJECT_FORM_TEXT.statusHint : '新建的项目为“计划”状态'}>
            <ProjectStatusTag status={current?.status ?? 'planned'} text={current?.statusText} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="项目负责人" name="leaderId">
            <LeaderSelect name={current?.leaderName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="所属部门" name="departId" getValueFromEvent={(v: string | undefined) => v ?? null}>
            <DepartSelect multiple={false} placeholder="请选择所属部门" />
          </Form.Item>
        </Col>
      </Row>

      {section(PROJECT_FORM_TEXT.sections.plan)}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="开始日期" name="startDate">
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="请选择开始日期" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="结束日期"
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
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="请选择结束日期" />
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
          <Form.Item label="项目地址" name="address" rules={[{ max: 255, message: '项目地址最多255个字符' }]}>
            <Input placeholder="请输入项目地址" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="经度"
            name="longitude"
            dependencies={['latitude']}
            rules={[{ type: 'number', min: -180, max: 180, message: ASSET_MESSAGES.longitude }, pairRule('latitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 经度" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="纬度"
            name="latitude"
            dependencies={['longitude']}
            rules={[{ type: 'number', min: -90, max: 90, message: ASSET_MESSAGES.latitude }, pairRule('longitude')]}
          >
            <InputNumber style={{ width: '100%' }} precision={6} step={0.000001} placeholder="GCJ-02 纬度" />
          </Form.Item>
        </Col>
      </Row>

      {section(PROJECT_FORM_TEXT.sections.files)}
      <Form.Item label="附件" name="attachments">
        <Uploader number={20} bizPath="project" buttonText="上传附件" />
      </Form.Item>
      <Form.Item label="项目描述" name="description">
        <RichTextEditor height={240} bizPath="project" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注最多500个字符' }]}>
        <Input.TextArea rows={2} placeholder="请输入备注" />
      </Form.Item>
    </Form>
  );
}
