import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { PERM, POSITION_RESOURCE } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { PositionRecord } from '../api/position-api';
import { PositionFormModal } from '../components/position-form-modal';
import { PositionUsersDrawer } from '../components/position-users-drawer';

export const POSITION_PAGE_TEXT = { users: '职务配置' } as const;

/** 职务管理: the position list (name, code, rank text) with its form, export/import and 职务配置. */
export function PositionListPage() {
  const allowed = useHasPermission();
  const [usersOf, setUsersOf] = useState<PositionRecord | null>(null);

  const rowActions = useCallback(
    (record: PositionRecord) =>
      allowed(PERM.positionUsers) && <a onClick={() => setUsersOf(record)}>{POSITION_PAGE_TEXT.users}</a>,
    [allowed],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<PositionRecord>) => (
      <PositionFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<PositionRecord, typeof POSITION_RESOURCE>
        resource={POSITION_RESOURCE}
        columns={['name', 'code', 'postRank', 'createTime']}
        queryFields={['name', 'code', 'postRank']}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <PositionUsersDrawer position={usersOf} onClose={() => setUsersOf(null)} />
    </Card>
  );
}
