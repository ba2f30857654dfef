import { useState } from 'react';
import { Button, Card, Col, Row, Space } from 'antd';
import { DEPART_RESOURCE, PERM } from '@district/shared';
import { exportXls } from '@/components/excel/export-xls';
import { ImportExcelModal } from '@/components/excel/import-excel-modal';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { DEPART_API } from '../api/depart-api';
import { DepartForm, type DepartFormTarget } from '../components/depart-form';
import { DepartTreeCard } from '../components/depart-tree-card';

export const DEPART_PAGE_TEXT = {
  addRoot: '新增一级部门',
  export: '导出',
  import: '导入',
  detail: '基本信息',
  exportName: DEPART_RESOURCE.exportName,
} as const;

/** 部门管理 (variant 1): the tree with search on the left, the chosen department's detail on the right. */
export function DepartListPage() {
  const allowed = useHasPermission();
  const [target, setTarget] = useState<DepartFormTarget>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [importing, setImporting] = useState(false);
  const selectedId = target?.mode === 'edit' ? target.id : null;

  const toolbar = (
    <Space wrap>
      {allowed(PERM.departAdd) && (
        <Button type="primary" onClick={() => setTarget({ mode: 'add', parent: null })}>
          {DEPART_PAGE_TEXT.addRoot}
        </Button>
      )}
      {allowed(PERM.departExport) && (
        <Button onClick={() => void exportXls(DEPART_API.exportXls, DEPART_PAGE_TEXT.exportName)}>
          {DEPART_PAGE_TEXT.export}
        </Button>
      )}
      {allowed(PERM.departImport) && <Button onClick={() => setImporting(true)}>{DEPART_PAGE_TEXT.import}</Button>}
    </Space>
  );

  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <DepartTreeCard
          selectedId={selectedId}
          reloadKey={reloadKey}
          onSelect={(node) => setTarget(node ? { mode: 'edit', id: node.id } : null)}
        />
      </Col>
      <Col xs={24} md={16}>
        <Card size="small" title={DEPART_PAGE_TEXT.detail} extra={toolbar}>
          <DepartForm
            target={target}
            onAdd={(parent) => setTarget({ mode: 'add', parent })}
            onCancelAdd={() => setTarget(null)}
            onChanged={(id) => {
              setReloadKey((k) => k + 1);
              setTarget(id ? { mode: 'edit', id } : null);
            }}
          />
        </Card>
      </Col>
      <ImportExcelModal
        open={importing}
        url={DEPART_API.importExcel}
        onClose={() => setImporting(false)}
        onOk={() => setReloadKey((k) => k + 1)}
      />
    </Row>
  );
}
