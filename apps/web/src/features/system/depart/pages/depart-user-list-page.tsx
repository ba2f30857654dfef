import { useState } from 'react';
import { Card, Col, Row } from 'antd';
import type { DepartTreeNode } from '@district/shared';
import { DepartTreeCard } from '../components/depart-tree-card';
import { DepartUsersPanel } from '../components/depart-users-panel';

export const DEPART_USER_PAGE_TEXT = {
  users: (name: string | null) => (name ? `部门用户：${name}` : '部门用户'),
} as const;

/** 部门用户 (variant 2): the tree on the left, the chosen department's users on the right. */
export function DepartUserListPage() {
  const [depart, setDepart] = useState<DepartTreeNode | null>(null);
  return (
    <Row gutter={12}>
      <Col xs={24} md={7}>
        <DepartTreeCard selectedId={depart?.id ?? null} onSelect={setDepart} />
      </Col>
      <Col xs={24} md={17}>
        <Card size="small" title={DEPART_USER_PAGE_TEXT.users(depart?.departName ?? null)}>
          <DepartUsersPanel depart={depart} />
        </Card>
      </Col>
    </Row>
  );
}
