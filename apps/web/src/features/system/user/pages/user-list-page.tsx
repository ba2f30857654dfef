import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Avatar, Button, Card, Col, Divider, Row, Space, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { LIST_MESSAGES, PERM, USER_RESOURCE as R, USER_STATUS, type UserRecord } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import {
  columnOf,
  queryFieldOf,
  superQueryFieldsOf,
  type ColumnPick,
  type QueryPick,
} from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { getFileAccessHttpUrl } from '@/lib/request';
import { freezeUsers } from '../api/user-api';
import { DepartTreePanel } from '../components/depart-tree-panel';
import { UserFormModal, type UserFormMode } from '../components/user-form-modal';
import { UserPasswordModal } from '../components/user-password-modal';
import { USER_TOTP_TEXT, UserTotpModal } from '../components/user-totp-modal';
import { UserThirdAccountsModal } from '@/features/account/public';
import { ANONYMISE_TEXT, mayAnonymise, useAnonymiseUser } from '../components/anonymise-user';

export const USER_PAGE_TEXT = {
  detail: '详情',
  resetPassword: '重置密码',
  freeze: '冻结',
  unfreeze: '解冻',
  confirmTitle: '确认操作',
  confirmFreeze: (n: number) => `确定冻结选中的 ${n} 个用户吗？冻结后用户将无法登录。`,
  confirmUnfreeze: (n: number) => `确定解冻选中的 ${n} 个用户吗？`,
  approve: '审核通过',
  confirmApprove: (name: string) => `确定审核通过“${name}”吗？通过后该账号即可登录。`,
  pendingHint: '自助注册的账号在审核通过前显示为“待审核”，可按用户状态筛选；审核通过（或解冻）后即可登录。',
  registerSwitch: '是否开放注册、注册是否需审核，在 平台设置 → 账号设置 中设置',
  registerSwitchLink: '前往设置',
} as const;

/** The list and its query call the account status 用户状态. */
const STATUS_LABEL = '用户状态';

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'username',
  'realname',
  'sex',
  'phone',
  { ...queryFieldOf(R, 'status'), label: STATUS_LABEL },
];

/** The advanced query offers these of the filterable fields. */
const SUPER_QUERY_FIELDS = superQueryFieldsOf(R)
  .filter((f) =>
    ['username', 'realname', 'sex', 'birthday', 'phone', 'email', 'workNo', 'status', 'createTime'].includes(f.field),
  )
  .map((f) => (f.field === 'status' ? { ...f, title: STATUS_LABEL } : f));

const COLUMNS: ColumnPick<UserRecord, typeof R>[] = [
  'username',
  'realname',
  {
    ...columnOf<UserRecord>(R, 'avatar'),
    width: 70,
    render: (avatar: string | null) => (
      <Avatar size="small" src={avatar ? getFileAccessHttpUrl(avatar) : undefined} icon={<UserOutlined />} />
    ),
  },
  'sex',
  'birthday',
  { ...columnOf<UserRecord>(R, 'phone'), sorter: false },
  { ...columnOf<UserRecord>(R, 'orgCodeTxt'), title: '部门', width: 180 },
  {
    ...columnOf<UserRecord>(R, 'status'),
    // 待审核 stands out from 正常/冻结: those accounts wait for an administrator.
    render: (_: unknown, row: UserRecord) =>
      row.status === USER_STATUS.pending ? (
        <Tag color="orange">{row.status_dictText || '待审核'}</Tag>
      ) : (
        row.status_dictText
      ),
  },
  'createTime',
];

/** 用户管理: department tree on the left, the users of the chosen department (and below) on the right. */
export function UserListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const [departId, setDepartId] = useState<string | null>(null);
  const [shown, setShown] = useState<{ mode: UserFormMode; record: UserRecord } | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [thirdFor, setThirdFor] = useState<UserRecord | null>(null);
  const [totpFor, setTotpFor] = useState<UserRecord | null>(null);
  const canFreeze = allowed(PERM.userFreeze);
  const anonymise = useAnonymiseUser();

  const setStatus = useCallback(
    (ids: string[], status: 1 | 2, api: ListPageApi<UserRecord>, approveName?: string) => {
      if (ids.length === 0) {
        message.warning(LIST_MESSAGES.selectOne);
        return;
      }
      modal.confirm({
        title: USER_PAGE_TEXT.confirmTitle,
        content:
          approveName !== undefined
            ? USER_PAGE_TEXT.confirmApprove(approveName)
            : status === USER_STATUS.frozen
              ? USER_PAGE_TEXT.confirmFreeze(ids.length)
              : USER_PAGE_TEXT.confirmUnfreeze(ids.length),
        onOk: async () => {
          try {
            const res = await freezeUsers(ids, status);
            message.success(res.message);
            api.clearSelection();
            api.reload();
          } catch {
            // The request layer shows the server's message.
          }
        },
      });
    },
    [modal, message],
  );

  const rowActions = useCallback(
    (record: UserRecord, api: ListPageApi<UserRecord>) => {
      const frozen = record.status === USER_STATUS.frozen;
      const pending = record.status === USER_STATUS.pending;
      return (
        <Space size={0} separator={<Divider orientation="vertical" />}>
          <a onClick={() => setShown({ mode: 'detail', record })}>{USER_PAGE_TEXT.detail}</a>
          {allowed(PERM.userResetPassword) && (
            <a onClick={() => setPasswordFor(record.username)}>{USER_PAGE_TEXT.resetPassword}</a>
          )}
          {/* The same right as the password reset: the server's route checks it. */}
          {allowed(PERM.userResetPassword) && <a onClick={() => setTotpFor(record)}>{USER_TOTP_TEXT.action}</a>}
          {allowed(PERM.userEdit) && <a onClick={() => setThirdFor(record)}>第三方账号</a>}
          {canFreeze && pending && (
            <a onClick={() => setStatus([record.id], USER_STATUS.normal, api, record.realname || record.username)}>
              {USER_PAGE_TEXT.approve}
            </a>
          )}
          {canFreeze && !pending && (
            <a onClick={() => setStatus([record.id], frozen ? USER_STATUS.normal : USER_STATUS.frozen, api)}>
              {frozen ? USER_PAGE_TEXT.unfreeze : USER_PAGE_TEXT.freeze}
            </a>
          )}
          {allowed(PERM.userAnonymise) && mayAnonymise(record) && (
            <a onClick={() => anonymise(record, api.reload)}>{ANONYMISE_TEXT.action}</a>
          )}
        </Space>
      );
    },
    [allowed, canFreeze, setStatus, anonymise],
  );

  const toolbarExtra = useCallback(
    (api: ListPageApi<UserRecord>) =>
      canFreeze && (
        <>
          <Button onClick={() => setStatus(api.selectedRowKeys.map(String), USER_STATUS.frozen, api)}>
            {USER_PAGE_TEXT.freeze}
          </Button>
          <Button onClick={() => setStatus(api.selectedRowKeys.map(String), USER_STATUS.normal, api)}>
            {USER_PAGE_TEXT.unfreeze}
          </Button>
        </>
      ),
    [canFreeze, setStatus],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<UserRecord>) => (
      <UserFormModal open={open} mode={record ? 'edit' : 'add'} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  const defaultParams = useMemo(() => (departId ? { departId } : undefined), [departId]);

  return (
    <Row gutter={12}>
      <Col xs={24} md={6}>
        <DepartTreePanel value={departId} onChange={setDepartId} />
      </Col>
      <Col xs={24} md={18}>
        <Card size="small">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={
              <>
                {USER_PAGE_TEXT.pendingHint}
                {USER_PAGE_TEXT.registerSwitch}
                {allowed(PERM.platformView) && (
                  <>
                    {'（'}
                    <Link to="/system/platform">{USER_PAGE_TEXT.registerSwitchLink}</Link>
                    {'）'}
                  </>
                )}
                。
              </>
            }
          />
          <ListPage<UserRecord, typeof R>
            resource={R}
            columns={COLUMNS}
            queryFields={QUERY_FIELDS}
            superQueryFields={SUPER_QUERY_FIELDS}
            superQueryCode="system-user"
            defaultParams={defaultParams}
            renderEditor={renderEditor}
            rowActions={rowActions}
            toolbarExtra={toolbarExtra}
          />
        </Card>
        <UserFormModal
          open={shown !== null}
          mode={shown?.mode ?? 'detail'}
          record={shown?.record ?? null}
          onClose={() => setShown(null)}
          onSaved={() => setShown(null)}
        />
        <UserPasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />
        <UserThirdAccountsModal user={thirdFor} onClose={() => setThirdFor(null)} />
        {totpFor && <UserTotpModal user={totpFor} onClose={() => setTotpFor(null)} />}
      </Col>
    </Row>
  );
}
