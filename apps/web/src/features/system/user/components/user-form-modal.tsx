import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, ConfigProvider, DatePicker, Form, Input, Row, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_FORMAT,
  USER_RESOURCE as R,
  type TenantInfo,
  type UserRecord,
  type UserUniqueField,
} from '@district/shared';
import { DictSelect } from '@/components/dict/dict-select';
import { formField, inputPlaceholder, selectPlaceholder, toAntdRules } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { PasswordFields } from '@/components/password-fields/password-fields';
import { DepartSelect } from '@/components/pickers/depart-select';
import { ImageUpload } from '@/components/upload/image-upload';
import { useSessionStore } from '@/lib/session-store';
import {
  checkOnlyUser,
  fetchPositionOptions,
  fetchRoleOptions,
  fetchUserLinks,
  fetchUserTenants,
  saveUser,
  type UserFormPayload,
} from '../api/user-api';
import { USER_PASSWORD_TEXT } from './user-password-text';

export type UserFormMode = 'add' | 'edit' | 'detail';

export const USER_FORM_TITLE: Record<UserFormMode, string> = {
  add: `新增${R.title}`,
  edit: `编辑${R.title}`,
  detail: `${R.title}详情`,
};
/** The user form is a wide modal: two columns of fields. */
export const USER_FORM_WIDTH = 800;
/** The 详情 dialog's only button. */
const CLOSE = '关闭';

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

type UserLinks = Awaited<ReturnType<typeof fetchUserLinks>>;
/** The row with its links once they are loaded: the form is filled again when they arrive. */
type LoadedUser = UserRecord & { links?: UserLinks };

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

/** A unique field of the form: the declaration's rules, then the server's uniqueness check. */
function withUnique(field: Exclude<UserUniqueField, 'username'>, id: string | undefined) {
  const item = formField(R, field);
  return { ...item, rules: [...item.rules, uniqueRule(field, id)] };
}

/** Tenants by id, first seen wins: the choices of the 所属租户 select. */
function mergeTenants(...lists: TenantInfo[][]): TenantInfo[] {
  const byId = new Map<number, TenantInfo>();
  for (const list of lists) for (const t of list) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()];
}

const blank = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

function initialValues(record: LoadedUser | null): Partial<FormValues> | undefined {
  if (!record) return undefined;
  const { links } = record;
  return {
    avatar: record.avatar ?? undefined,
    username: record.username,
    realname: record.realname,
    workNo: record.workNo ?? undefined,
    birthday: record.birthday ? dayjs(record.birthday) : null,
    sex: record.sex === null || record.sex === undefined ? undefined : String(record.sex),
    phone: record.phone ?? undefined,
    email: record.email ?? undefined,
    telephone: record.telephone ?? undefined,
    selecteddeparts: (links ? links.departIds.join(',') : record.departIds) || undefined,
    ...(links
      ? { selectedroles: links.roleIds, selectedPositions: links.positionIds, relTenantIds: links.tenantIds }
      : {}),
  };
}

function toPayload(v: FormValues, mode: UserFormMode, id: string | undefined): UserFormPayload {
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
  return payload;
}

/** 新增/编辑/详情 of a user: account, password (add), profile and links (roles, departments, positions, tenants). */
export function UserFormModal({ open, mode, record, onClose, onSaved }: UserFormModalProps) {
  const tenantList = useSessionStore((s) => s.tenantList);
  const myId = useSessionStore((s) => s.userInfo?.id);
  const readOnly = mode === 'detail';
  const id = record?.id;

  const roles = useQuery({ queryKey: ['system', 'user', 'role-options'], queryFn: fetchRoleOptions, enabled: open });
  const positions = useQuery({
    queryKey: ['system', 'user', 'position-options'],
    queryFn: fetchPositionOptions,
    enabled: open,
  });
  const links = useQuery({
    queryKey: ['system', 'user', 'links', id],
    queryFn: () => fetchUserLinks(id!),
    enabled: open && id !== undefined,
  });
  // The caller's tenants come with the login answer only; after a page reload they are asked for again.
  const myTenants = useQuery({
    queryKey: ['system', 'user', 'tenants', myId],
    queryFn: () => fetchUserTenants(myId!),
    enabled: open && tenantList.length === 0 && myId !== undefined,
  });
  const loaded = useMemo<LoadedUser | null>(
    () => (record && links.data ? { ...record, links: links.data } : record),
    [record, links.data],
  );

  return (
    <RecordFormModal<LoadedUser, FormValues>
      open={open}
      record={loaded}
      titles={{ add: USER_FORM_TITLE.add, edit: USER_FORM_TITLE[mode] }}
      formName={`user-form-${mode}`}
      width={USER_FORM_WIDTH}
      layout="vertical"
      // The links of an edited user load (and reload) under a spinner; the form is filled again when they arrive.
      loading={id !== undefined && links.isFetching}
      initialValues={initialValues}
      save={(v) => saveUser(toPayload(v, mode, id))}
      modalProps={
        readOnly
          ? {
              footer: (
                <Button type="primary" onClick={onClose}>
                  {CLOSE}
                </Button>
              ),
            }
          : undefined
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      {/* 详情 shows the fields without letting them change. */}
      <ConfigProvider componentDisabled={readOnly}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              {...formField(R, 'username')}
              rules={mode === 'add' ? [...toAntdRules(R.fields.username.rules), uniqueRule('username', id)] : []}
              validateDebounce={400}
            >
              <Input placeholder={inputPlaceholder(R, 'username')} disabled={mode !== 'add'} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...formField(R, 'realname')}>
              <Input placeholder={inputPlaceholder(R, 'realname')} />
            </Form.Item>
          </Col>
          {mode === 'add' && (
            <>
              <PasswordFields
                {...USER_PASSWORD_TEXT}
                wrap={(field, key) => (
                  <Col key={key} span={12}>
                    {field}
                  </Col>
                )}
              />
            </>
          )}
          <Col span={12}>
            <Form.Item {...withUnique('workNo', id)} validateDebounce={400}>
              <Input placeholder={inputPlaceholder(R, 'workNo')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="角色" name="selectedroles">
              <Select
                mode="multiple"
                allowClear
                placeholder="请选择角色"
                optionFilterProp="label"
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={R.fields.orgCodeTxt.title} name="selecteddeparts">
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
                options={(positions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="所属租户" name="relTenantIds" tooltip="不选时为当前租户">
              <Select
                mode="multiple"
                allowClear
                placeholder="请选择租户"
                // The edited user's tenants with their names, so the select never shows a bare id (1001).
                options={mergeTenants(tenantList, myTenants.data ?? [], links.data?.tenants ?? []).map((t) => ({
                  value: t.id,
                  label: t.name,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...formField(R, 'birthday')}>
              <DatePicker
                style={{ width: '100%' }}
                format={DATE_FORMAT}
                placeholder={selectPlaceholder(R, 'birthday')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...formField(R, 'sex')}>
              <DictSelect dictCode={R.fields.sex.dict} placeholder={selectPlaceholder(R, 'sex')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...withUnique('phone', id)} validateDebounce={400}>
              <Input placeholder={inputPlaceholder(R, 'phone')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...withUnique('email', id)} validateDebounce={400}>
              <Input placeholder={inputPlaceholder(R, 'email')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...formField(R, 'telephone')}>
              <Input placeholder="请输入座机号码" />
            </Form.Item>
          </Col>
          <Col span={24}>
            {/* Custom controls do not read the disabled state: 详情 shows no 上传 or picker. */}
            <Form.Item {...formField(R, 'avatar')}>
              <ImageUpload bizPath="avatar" disabled={readOnly} />
            </Form.Item>
          </Col>
        </Row>
      </ConfigProvider>
    </RecordFormModal>
  );
}
