import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ANNT_CATEGORY_ITEMS,
  ANNT_OPEN_TYPE_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_TARGET,
  ANNT_TARGET_ITEMS,
  DATETIME_FORMAT,
  MESSAGE_MESSAGES,
} from '@district/shared';
import { RecordFormModal } from '../../../components/form-modal/record-form-modal';
import { RichTextEditor } from '../../../components/editors/rich-text-editor';
import { DepartSelect } from '../../../components/pickers/depart-select';
import { UserSelect } from '../../../components/pickers/user-select';
import { getAction } from '../../../lib/request';
import { ANNT_URLS, type AnnouncementRow } from '../api/message-api';

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

function useRoles(open: boolean) {
  const [roles, setRoles] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    void getAction<{ records: { id: string; roleName: string }[] }>('/sys/role/list', { pageSize: 200 }).then((res) =>
      setRoles((res.result?.records ?? []).map((r) => ({ value: r.id, label: r.roleName }))),
    );
  }, [open]);
  return roles;
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
      titles={{ add: '新建通告', edit: '编辑通告' }}
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
      urls={ANNT_URLS}
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
      <Form.Item
        label="标题"
        name="titile"
        rules={[
          { required: true, whitespace: true, message: MESSAGE_MESSAGES.titleRequired },
          { max: 100, message: '标题最多100个字符' },
        ]}
      >
        <Input placeholder="请输入标题" />
      </Form.Item>
      <Form.Item
        label="消息类型"
        name="msgCategory"
        rules={[{ required: true, message: MESSAGE_MESSAGES.categoryRequired }]}
      >
        <Radio.Group options={ANNT_CATEGORY_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      <Form.Item
        label="优先级"
        name="priority"
        rules={[{ required: true, message: MESSAGE_MESSAGES.priorityRequired }]}
      >
        <Radio.Group options={ANNT_PRIORITY_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      <Form.Item label="通告对象" name="msgType" rules={[{ required: true, message: MESSAGE_MESSAGES.targetRequired }]}>
        <Radio.Group options={ANNT_TARGET_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      {msgType === ANNT_TARGET.user && (
        <Form.Item
          label="指定用户"
          name="userIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.usersRequired }]}
        >
          <UserSelect />
        </Form.Item>
      )}
      {msgType === ANNT_TARGET.depart && (
        <Form.Item
          label="指定部门"
          name="departIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.departsRequired }]}
        >
          <DepartSelect multiple />
        </Form.Item>
      )}
      {msgType === ANNT_TARGET.role && (
        <Form.Item
          label="指定角色"
          name="roleIds"
          rules={[{ required: true, message: MESSAGE_MESSAGES.rolesRequired }]}
        >
          <Select mode="multiple" options={roles} placeholder="请选择角色" optionFilterProp="label" />
        </Form.Item>
      )}
      <Form.Item label="开始时间" name="startTime">
        <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="结束时间"
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
      <Form.Item label="打开方式" name="openType">
        <Radio.Group options={ANNT_OPEN_TYPE_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      {openType === 'url' && (
        <Form.Item
          label="页面地址"
          name="openPage"
          rules={[
            { required: true, message: MESSAGE_MESSAGES.openPageRequired },
            { pattern: /^\/(?!\/)\S*$/, message: MESSAGE_MESSAGES.openPageInvalid },
          ]}
        >
          <Input placeholder="例如 /asset/index" />
        </Form.Item>
      )}
      <Form.Item label="摘要" name="msgAbstract" rules={[{ max: 500, message: '摘要最多500个字符' }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item label="内容" name="msgContent">
        <RichTextEditor height={260} bizPath="notice" />
      </Form.Item>
    </RecordFormModal>
  );
}
