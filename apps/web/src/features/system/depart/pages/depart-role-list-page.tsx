import { useState } from 'react';
import { Card, Col, Row } from 'antd';
import type { DepartTreeNode } from '@district/shared';
import { DepartRolesPanel } from '../components/depart-roles-panel';
import { DepartTreeCard } from '../components/depart-tree-card';

export const DEPART_ROLE_PAGE_TEXT = {
  roles: (name: string | null) => (name ? `部门角色：${name}` : '部门角色'),
} as const;

/** 部门角色授权 (variant 3): the tree on the left, the chosen department's roles, users and grants on the right. */
export function DepartRoleListPage() {
  const [depart, setDepart] = useState<DepartTreeNode | null>(null);
  return (
    <Row gutter={12}>
      <Col xs={24} md={7}>
        <DepartTreeCard selectedId={depart?.id ?? null} onSelect={setDepart} />
      </Col>
      <Col xs={24} md={17}>
        <Card size="small" title={DEPART_ROLE_PAGE_TEXT.roles(depart?.departName ?? null)}>
          <DepartRolesPanel depart={depart} />
        </Card>
      </Col>
    </Row>
  );
}
