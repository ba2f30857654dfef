import { DatePicker, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ANNOUNCEMENT_RESOURCE as R,
  ANNT_CATEGORY_ITEMS,
  ANNT_OPEN_TYPE_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_TARGET,
  ANNT_TARGET_ITEMS,
  DATETIME_FORMAT,
  isSameSitePath,
  MESSAGE_MESSAGES,
  resourceUrls,
  ROLE_RESOURCE,
} from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField, inputPlaceholder, toAntdRules } from '@/components/form-modal/field-rules';
import { RichTextEditor } from '@/components/editors/rich-text-editor';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { getAction } from '@/lib/request';
import type { AnnouncementRow } from '../api/message-api';

export const ANNOUNCEMENT_FORM_TEXT = {
  add: `新建${R.title}`,
  edit: `编辑${R.title}`,
  /** The target type, as the form and the list name it. */
  target: '通告对象',
} as const;

const URLS = resourceUrls(R.path);
const ROLE_LIST = resourceUrls(ROLE_RESOURCE.path).list;
const F = R.fields;

interface Values {
  titile: string;
  msgCategory: string;
  priority: string;
  msgType: string;
  userIds?: string;
  departIds?: string;
  roleIds?: string[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  openType?: string;
  openPage?: string;
  msgAbstract?: string;
  msgContent?: string;
}

const toTime = (v: Dayjs | null | undefined) => (v ? v.format(DATETIME_FORMAT) : '');
const fromTime = (v: string | null) => (v ? dayjs(v, DATETIME_FORMAT) : null);
const split = (v: string | null | undefined) => (v ? v.split(',').filter(Boolean) : []);

/** The roles a release may target (the first 200), read each time the form opens. */
function useRoles(open: boolean) {
  const roles = useQuery({
    queryKey: ['message', 'announcement-roles'],
    queryFn: async () => {
      const res = await getAction<{ records: { id: string; roleName: string }[] }>(ROLE_LIST, { pageSize: 200 });
      return (res.result?.records ?? []).map((r) => ({ value: r.id, label: r.roleName }));
    },
    enabled: open,
    staleTime: 0,
  });
  return roles.data ?? [];
}

/** 新建通告 / 编辑通告: title, type, priority, targets, time window, open type and the rich-text content. */
export function AnnouncementFormModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: AnnouncementRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  const roles = useRoles(open);
  return (
    <RecordFormModal<AnnouncementRow, Values>
      open={open}
      record={record}
      form={form}
      width={900}
      titles={ANNOUNCEMENT_FORM_TEXT}
      formName="announcement-form"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={(r) =>
        r
          ? {
              titile: r.titile,
              msgCategory: r.msgCategory,
              priority: r.priority,
              msgType: r.msgType,
              userIds: r.userIds ?? undefined,
              departIds: r.departIds ?? undefined,
              roleIds: split(r.roleIds),
              startTime: fromTime(r.startTime),
              endTime: fromTime(r.endTime),
              openType: r.openType ?? undefined,
              openPage: r.openPage ?? undefined,
              msgAbstract: r.msgAbstract ?? undefined,
              msgContent: r.msgContent ?? undefined,
            }
          : { msgCategory: '1', priority: 'L', msgType: ANNT_TARGET.all, openType: 'component' }
      }
      urls={URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : {}),
        titile: v.titile.trim(),
        msgCategory: v.msgCategory,
        priority: v.priority,
        msgType: v.msgType,
        userIds: v.msgType === ANNT_TARGET.user ? split(v.userIds) : null,
        departIds: v.msgType === ANNT_TARGET.depart ? split(v.departIds) : null,
        roleIds: v.msgType === ANNT_TARGET.role ? (v.roleIds ?? []) : null,
        startTime: toTime(v.startTime),
        endTime: toTime(v.endTime),
        openType: v.openType ?? null,
        openPage: v.openType === 'url' ? (v.openPage ?? '').trim() : null,
        msgAbstract: v.msgAbstract ?? null,
        msgContent: v.msgContent ?? '',
      })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'titile')}>
        <Input placeholder={inputPlaceholder(R, 'titile')} />
      </Form.Item>
      <Form.Item {...formField(R, 'msgCategory')}>
        <Radio.Group options={ANNT_CATEGORY_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      <Form.Item {...formField(R, 'priority')}>
        <Radio.Group options={ANNT_PRIORITY_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      <Form.Item {...formField(R, 'msgType')} label={ANNOUNCEMENT_FORM_TEXT.target}>
        <Radio.Group options={ANNT_TARGET_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      {msgType === ANNT_TARGET.user && (
        <Form.Item
          label={F.userIds.title}
          name="userIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.usersRequired }]}
        >
          <UserSelect />
        </Form.Item>
      )}
      {msgType === ANNT_TARGET.depart && (
        <Form.Item
          label={F.departIds.title}
          name="departIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.departsRequired }]}
        >
          <DepartSelect multiple />
        </Form.Item>
      )}
      {msgType === ANNT_TARGET.role && (
        <Form.Item
          label={F.roleIds.title}
          name="roleIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.rolesRequired }]}
        >
          <Select mode="multiple" options={roles} placeholder="请选择角色" optionFilterProp="label" />
        </Form.Item>
      )}
      <Form.Item label={F.startTime.title} name="startTime">
        <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label={F.endTime.title}
        name="endTime"
        dependencies={['startTime']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: Dayjs | null) => {
              const start = getFieldValue('startTime') as Dayjs | null;
              return value && start && value.isBefore(start)
                ? Promise.reject(new Error(MESSAGE_MESSAGES.endBeforeStart))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={F.openType.title} name="openType">
        <Radio.Group options={ANNT_OPEN_TYPE_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      {openType === 'url' && (
        <Form.Item
          label={F.openPage.title}
          name="openPage"
          rules={[
            { required: true, message: MESSAGE_MESSAGES.openPageRequired },
            ...toAntdRules(F.openPage.rules),
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isSameSitePath(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(MESSAGE_MESSAGES.openPageInvalid)),
            },
          ]}
        >
          <Input placeholder="例如 /asset/index" />
        </Form.Item>
      )}
      <Form.Item {...formField(R, 'msgAbstract')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item label={F.msgContent.title} name="msgContent">
        <RichTextEditor height={260} bizPath="notice" />
      </Form.Item>
    </RecordFormModal>
  );
}
