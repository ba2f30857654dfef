import { Drawer, type TableColumnsType } from 'antd';
import { encodeFilter, type UserRecord } from '@district/shared';
import { MemberUsersTable } from '@/components/member-users/member-users-table';
import { MEMBER_USER_COLUMNS as C } from '../../user/components/member-user-columns';
import { addPositionUsers, fetchPositionUsers, removePositionUsers, type PositionRecord } from '../api/position-api';

export const POSITION_USERS_TEXT = {
  title: (name: string) => `职务配置：${name}`,
  hint: '担任该职务的人员及其所在部门',
  add: '添加人员',
  remove: '移除',
  removeSelected: '批量移除',
  confirmRemove: '确定把该人员移出此职务吗？',
  search: '按姓名搜索',
} as const;

const COLUMNS: TableColumnsType<UserRecord> = [
  C.realname,
  C.username,
  // Where the holder serves in.
  { ...C.orgCodeTxt, title: '所在部门' },
  C.phone,
];

export interface PositionUsersDrawerProps {
  position: PositionRecord | null;
  onClose: () => void;
}

/**
 * 职务配置: who holds the position and the departments they serve in (a user's departments come with each
 * row); people are added with the user picker and removed one by one or together.
 */
export function PositionUsersDrawer({ position, onClose }: PositionUsersDrawerProps) {
  return (
    <Drawer
      open={position !== null}
      title={position ? POSITION_USERS_TEXT.title(position.name) : ''}
      size={860}
      onClose={onClose}
    >
      <div style={{ color: '#999', marginBottom: 8 }}>{POSITION_USERS_TEXT.hint}</div>
      {position && (
        <MemberUsersTable
          ownerKey={position.id}
          columns={COLUMNS}
          text={POSITION_USERS_TEXT}
          search={{ kind: 'box', placeholder: POSITION_USERS_TEXT.search }}
          sizeChanger
          actionWidth={80}
          fetchPage={({ pageNo, pageSize, search }) =>
            fetchPositionUsers({
              positionId: position.id,
              pageNo,
              pageSize,
              ...(search.keyword?.trim() ? { realname: encodeFilter(search.keyword, 'like', true) } : {}),
            })
          }
          addUsers={async (ids) => (await addPositionUsers(position.id, ids)).message}
          removeUsers={async (ids) => (await removePositionUsers(position.id, ids)).message}
        />
      )}
    </Drawer>
  );
}
