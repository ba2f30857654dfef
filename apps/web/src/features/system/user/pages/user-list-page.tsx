import { useCallback, useMemo, useState } from 'react';
import { App, Avatar, Button, Card, Col, Divider, Row, Space, type TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { LIST_MESSAGES, PERM, USER_STATUS, type SuperQueryFieldDef, type UserRecord } from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { QueryField } from '../../../../components/list-page/list-query';
import type { ListPageApi } from '../../../../components/list-page/use-list-page';
import { getFileAccessHttpUrl } from '../../../../lib/request';
import { USER_API, freezeUsers } from '../api/user-api';
import { DepartTreePanel } from '../components/depart-tree-panel';
import { UserFormModal, type UserFormMode } from '../components/user-form-modal';
import { UserPasswordModal } from '../components/user-password-modal';
import { UserThirdAccountsModal } from '../../../third-login/components/user-third-accounts-modal';

export const USER_PAGE_TEXT = {
  detail: '详情',
  resetPassword: '重置密码',
  freeze: '冻结',
  unfreeze: '解冻',
  confirmTitle: '确认操作',
  confirmFreeze: (n: number) => `确定冻结选中的 ${n} 个用户吗？冻结后用户将无法登录。`,
  confirmUnfreeze: (n: number) => `确定解冻选中的 ${n} 个用户吗？`,
} as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'username', label: '用户账号', op: 'like', trim: true },
  { kind: 'input', field: 'realname', label: '用户姓名', op: 'like', trim: true },
  { kind: 'dict', field: 'sex', label: '性别', dictCode: 'sex' },
  { kind: 'input', field: 'phone', label: '手机号码', op: 'like', trim: true },
  { kind: 'dict', field: 'status', label: '用户状态', dictCode: 'user_status' },
];

const SUPER_QUERY_FIELDS: SuperQueryFieldDef[] = [
  { field: 'username', title: '用户账号', type: 'string' },
  { field: 'realname', title: '用户姓名', type: 'string' },
  { field: 'sex', title: '性别', type: 'select', dictCode: 'sex' },
  { field: 'birthday', title: '生日', type: 'date' },
  { field: 'phone', title: '手机号码', type: 'string' },
  { field: 'email', title: '邮箱', type: 'string' },
  { field: 'workNo', title: '工号', type: 'string' },
  { field: 'status', title: '用户状态', type: 'select', dictCode: 'user_status' },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
];

const COLUMNS: TableColumnsType<UserRecord> = [
  { title: '用户账号', dataIndex: 'username', key: 'username', sorter: true, width: 120 },
  { title: '用户姓名', dataIndex: 'realname', key: 'realname', sorter: true, width: 100 },
  {
    title: '头像',
    dataIndex: 'avatar',
    width: 70,
    render: (avatar: string | null) => (
      <Avatar size="small" src={avatar ? getFileAccessHttpUrl(avatar) : undefined} icon={<UserOutlined />} />
    ),
  },
  { title: '性别', dataIndex: 'sex', key: 'sex', sorter: true, width: 70 },
  { title: '生日', dataIndex: 'birthday', key: 'birthday', sorter: true, width: 110 },
  { title: '手机号码', dataIndex: 'phone', width: 120 },
  { title: '部门', dataIndex: 'orgCodeTxt', width: 180, ellipsis: true },
  { title: '状态', dataIndex: 'status', key: 'status', sorter: true, width: 70 },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 用户管理: department tree on the left, the users of the chosen department (and below) on the right. */
export function UserListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const [departId, setDepartId] = useState<string | null>(null);
  const [shown, setShown] = useState<{ mode: UserFormMode; record: UserRecord } | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [thirdFor, setThirdFor] = useState<UserRecord | null>(null);
  const canFreeze = allowed(PERM.userFreeze);

  const setStatus = useCallback(
    (ids: string[], status: 1 | 2, api: ListPageApi<UserRecord>) => {
      if (ids.length === 0) {
        message.warning(LIST_MESSAGES.selectOne);
        return;
      }
      modal.confirm({
        title: USER_PAGE_TEXT.confirmTitle,
        content:
          status === USER_STATUS.frozen
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
      return (
        <Space size={0} separator={<Divider orientation="vertical" />}>
          <a onClick={() => setShown({ mode: 'detail', record })}>{USER_PAGE_TEXT.detail}</a>
          {allowed(PERM.userResetPassword) && (
            <a onClick={() => setPasswordFor(record.username)}>{USER_PAGE_TEXT.resetPassword}</a>
          )}
          {allowed(PERM.userEdit) && <a onClick={() => setThirdFor(record)}>第三方账号</a>}
          {canFreeze && (
            <a onClick={() => setStatus([record.id], frozen ? USER_STATUS.normal : USER_STATUS.frozen, api)}>
              {frozen ? USER_PAGE_TEXT.unfreeze : USER_PAGE_TEXT.freeze}
            </a>
          )}
        </Space>
      );
    },
    [allowed, canFreeze, setStatus],
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
          <ListPage<UserRecord>
            url={{
              list: USER_API.list,
              delete: USER_API.delete,
              deleteBatch: USER_API.deleteBatch,
              exportXls: USER_API.exportXls,
              importExcel: USER_API.importExcel,
            }}
            columns={COLUMNS}
            queryFields={QUERY_FIELDS}
            superQueryFields={SUPER_QUERY_FIELDS}
            superQueryCode="system-user"
            permissions={{
              add: PERM.userAdd,
              edit: PERM.userEdit,
              delete: PERM.userDelete,
              batchDelete: PERM.userDelete,
              export: PERM.userExport,
              import: PERM.userImport,
            }}
            exportName="用户信息"
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
      </Col>
    </Row>
  );
}
