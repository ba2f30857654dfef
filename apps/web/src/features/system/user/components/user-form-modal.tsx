import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Row, Select, Spin, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_FORMAT,
  PATTERNS,
  RULES,
  USER_LIMITS,
  USER_MESSAGES,
  USER_PASSWORD_RULES,
  lengthRules,
  type PositionInfo,
  type RoleOption,
  type TenantInfo,
  type UserRecord,
  type UserUniqueField,
} from '@district/shared';
import { DictSelect } from '../../../../components/dict/dict-select';
import { DepartSelect } from '../../../../components/pickers/depart-select';
import { ImageUpload } from '../../../../components/upload/image-upload';
import { errorMessage } from '../../../../lib/errors';
import { useSessionStore } from '../../../../lib/session-store';
import {
  checkOnlyUser,
  fetchPositionOptions,
  fetchRoleOptions,
  fetchUserLinks,
  fetchUserTenants,
  saveUser,
  type UserFormPayload,
} from '../api/user-api';

export type UserFormMode = 'add' | 'edit' | 'detail';

export const USER_FORM_TITLE: Record<UserFormMode, string> = { add: '新增用户', edit: '编辑用户', detail: '用户详情' };
/** The user form is a wide modal: two columns of fields. */
export const USER_FORM_WIDTH = 800;

interface FormValues {
  avatar?: string;
  username?: string;
  password?: string;
  confirmpassword?: string;
  realname?: string;
  workNo?: string;
  selectedroles?: string[];
  selecteddeparts?: string;
  selectedPositions?: string[];
  relTenantIds?: number[];
  birthday?: Dayjs | null;
  sex?: string;
  phone?: string;
  email?: string;
  telephone?: string;
}

export interface UserFormModalProps {
  open: boolean;
  mode: UserFormMode;
  /** The row being edited or shown; null when adding. */
  record: UserRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

const rules = (list: readonly object[]) => list.map((r) => ({ ...r })) as FormRule[];

/** An asynchronous uniqueness rule backed by checkOnlyUser; empty values are not checked. */
function uniqueRule(field: UserUniqueField, id: string | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const message = await checkOnlyUser(field, String(value), id);
      if (message) throw new Error(message);
    },
  };
}

/** Tenants by id, first seen wins: the choices of the 所属租户 select. */
function mergeTenants(...lists: TenantInfo[][]): TenantInfo[] {
  const byId = new Map<number, TenantInfo>();
  for (const list of lists) for (const t of list) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()];
}

const blank = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** 新增/编辑/详情 of a user: account, password (add), profile and links (roles, departments, positions, tenants). */
export function UserFormModal({ open, mode, record, onClose, onSaved }: UserFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const tenantList = useSessionStore((s) => s.tenantList);
  const myId = useSessionStore((s) => s.userInfo?.id);
  // The caller's tenants come with the login answer only; after a page reload they are asked for again.
  const [myTenants, setMyTenants] = useState<TenantInfo[]>([]);
  // The edited user's tenants with their names, so the select never shows a bare id (1001).
  const [userTenants, setUserTenants] = useState<TenantInfo[]>([]);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [positions, setPositions] = useState<PositionInfo[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const readOnly = mode === 'detail';
  const id = record?.id;

  useEffect(() => {
    if (!open) return;
    let active = true;
    form.resetFields();
    setUserTenants([]);
    fetchRoleOptions()
      .then((list) => active && setRoles(list))
      .catch(() => undefined);
    fetchPositionOptions()
      .then((list) => active && setPositions(list))
      .catch(() => undefined);
    if (record) {
      form.setFieldsValue({
        avatar: record.avatar ?? undefined,
        username: record.username,
        realname: record.realname,
        workNo: record.workNo ?? undefined,
        birthday: record.birthday ? dayjs(record.birthday) : null,
        sex: record.sex === null || record.sex === undefined ? undefined : String(record.sex),
        phone: record.phone ?? undefined,
        email: record.email ?? undefined,
        telephone: record.telephone ?? undefined,
        selecteddeparts: record.departIds || undefined,
      });
      setLoading(true);
      fetchUserLinks(record.id)
        .then((links) => {
          if (!active) return;
          setUserTenants(links.tenants);
          form.setFieldsValue({
            selectedroles: links.roleIds,
            selecteddeparts: links.departIds.join(',') || undefined,
            selectedPositions: links.positionIds,
            relTenantIds: links.tenantIds,
          });
        })
        .catch(() => undefined)
        .finally(() => active && setLoading(false));
    }
    return () => {
      active = false;
    };
  }, [open, record, form]);

  useEffect(() => {
    if (!open || tenantList.length > 0 || !myId) return;
    let active = true;
    fetchUserTenants(myId)
      .then((list) => active && setMyTenants(list))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [open, tenantList.length, myId]);

  const submit = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // The form shows the messages.
    }
    const payload: UserFormPayload = {
      realname: (v.realname ?? '').trim(),
      workNo: blank(v.workNo),
      sex: v.sex ? Number(v.sex) : null,
      birthday: v.birthday ? v.birthday.format(DATE_FORMAT) : null,
      phone: blank(v.phone),
      email: blank(v.email),
      telephone: blank(v.telephone),
      avatar: blank(v.avatar),
      selectedroles: (v.selectedroles ?? []).join(','),
      selecteddeparts: v.selecteddeparts ?? '',
      selectedPositions: (v.selectedPositions ?? []).join(','),
      relTenantIds: (v.relTenantIds ?? []).join(','),
    };
    if (mode === 'add') {
      Object.assign(payload, { username: v.username, password: v.password, confirmpassword: v.confirmpassword });
    } else {
      payload.id = id;
    }
    setSaving(true);
    try {
      const res = await saveUser(payload);
      message.success(res.message || '保存成功！');
      onSaved();
    } catch (error) {
      // 4xx messages are shown by the request layer; nothing else to do here.
      void errorMessage(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={USER_FORM_TITLE[mode]}
      width={USER_FORM_WIDTH}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit()}
      okText={readOnly ? '关闭' : '确定'}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      forceRender
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" disabled={readOnly} name={`user-form-${mode}`}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                label="用户账号"
                name="username"
                rules={mode === 'add' ? [...rules(RULES.username), uniqueRule('username', id)] : []}
                validateDebounce={400}
              >
                <Input placeholder="请输入用户账号" disabled={mode !== 'add'} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="用户姓名"
                name="realname"
                rules={[
                  { required: true, whitespace: true, message: USER_MESSAGES.realnameRequired },
                  ...rules(lengthRules({ max: USER_LIMITS.realname })),
                ]}
              >
                <Input placeholder="请输入用户姓名" />
              </Form.Item>
            </Col>
            {mode === 'add' && (
              <>
                <Col span={12}>
                  <Form.Item label="登录密码" name="password" rules={rules(USER_PASSWORD_RULES)}>
                    <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="确认密码"
                    name="confirmpassword"
                    dependencies={['password']}
                    rules={[
                      { required: true, message: USER_MESSAGES.confirmRequired },
                      ({ getFieldValue }) => ({
                        validator: async (_r, value: unknown) => {
                          if (value && value !== getFieldValue('password')) throw new Error(USER_MESSAGES.mismatch);
                        },
                      }),
                    ]}
                  >
                    <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={12}>
              <Form.Item
                label="工号"
                name="workNo"
                rules={[...rules(lengthRules({ max: USER_LIMITS.workNo })), uniqueRule('workNo', id)]}
                validateDebounce={400}
              >
                <Input placeholder="请输入工号" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="角色" name="selectedroles">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择角色"
                  optionFilterProp="label"
                  options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="所属部门" name="selecteddeparts">
                <DepartSelect multiple placeholder="请点击选择部门" disabled={readOnly} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="职务" name="selectedPositions">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择职务"
                  optionFilterProp="label"
                  options={positions.map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="所属租户" name="relTenantIds" tooltip="不选时为当前租户">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择租户"
                  options={mergeTenants(tenantList, myTenants, userTenants).map((t) => ({
                    value: t.id,
                    label: t.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="生日" name="birthday">
                <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="请选择生日" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="性别" name="sex">
                <DictSelect dictCode="sex" placeholder="请选择性别" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="手机号码"
                name="phone"
                rules={[...rules(RULES.mobile.slice(1)), uniqueRule('phone', id)]}
                validateDebounce={400}
              >
                <Input placeholder="请输入手机号码" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="邮箱"
                name="email"
                rules={[
                  ...rules(RULES.email),
                  ...rules(lengthRules({ max: USER_LIMITS.email })),
                  uniqueRule('email', id),
                ]}
                validateDebounce={400}
              >
                <Input placeholder="请输入邮箱" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="座机"
                name="telephone"
                rules={[{ pattern: PATTERNS.landline, message: RULES.landline[0].message }]}
              >
                <Input placeholder="请输入座机号码" />
              </Form.Item>
            </Col>
            <Col span={24}>
              {/* Custom controls do not read the form's disabled state: 详情 shows no 上传 or picker. */}
              <Form.Item label="头像" name="avatar">
                <ImageUpload bizPath="avatar" disabled={readOnly} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
