import type { TableColumnsType } from 'antd';
import { USER_RESOURCE as R, type UserRecord } from '@district/shared';

type MemberColumn = TableColumnsType<UserRecord>[number];

/**
 * The columns of the "users of X" lists (role, tenant, department, department role and position users), titled as
 * the user resource declares its fields; those lists call a user's departments 部门.
 */
export const MEMBER_USER_COLUMNS = {
  username: { title: R.fields.username.title, dataIndex: 'username' },
  realname: { title: R.fields.realname.title, dataIndex: 'realname' },
  phone: { title: R.fields.phone.title, dataIndex: 'phone' },
  orgCodeTxt: { title: '部门', dataIndex: 'orgCodeTxt', ellipsis: true },
  status: { title: R.fields.status.title, dataIndex: 'status', render: (_v, r) => r.status_dictText ?? r.status },
} as const satisfies Record<string, MemberColumn>;
