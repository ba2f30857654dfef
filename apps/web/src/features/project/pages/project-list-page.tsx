import { useCallback, useRef, useState } from 'react';
import { Button, Card, Divider, Space } from 'antd';
import { Link } from 'react-router';
import { PERM, PROJECT_ROUTES, PROJECT_STATUS } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { PROJECT_URLS, formatYuan, type ProjectRecord } from '../api/project-api';
import { CostCell } from '../components/cost-cell';
import { ProjectDetailModal, ProjectFormModal } from '../components/project-modals';
import { ProjectQueryForm } from '../components/project-query-form';
import { ProjectProgress, ProjectStatusActions, ProjectStatusTag } from '../components/project-status';
import { PrintButton } from '../../print/components/print-button';

export const PROJECT_LIST_TEXT = {
  details: '详情',
  edit: '编辑',
  add: '新建项目',
  addPage: '整页新建',
} as const;

const COLUMNS: ListColumn<ProjectRecord>[] = [
  { title: '项目编号', dataIndex: 'code', key: 'code', sorter: true, valueType: 'code', width: 140 },
  { title: '项目名称', dataIndex: 'name', key: 'name', sorter: true, width: 180 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 90,
    render: (v: string, r: ProjectRecord) => <ProjectStatusTag status={v} text={r.status_dictText} />,
  },
  {
    title: '进度',
    dataIndex: 'progress',
    key: 'progress',
    sorter: true,
    width: 150,
    render: (v: number, r: ProjectRecord) => <ProjectProgress progress={v} status={r.status} />,
  },
  { title: '类型', dataIndex: 'type', key: 'type', valueType: 'dict', width: 100 },
  { title: '负责人', dataIndex: 'leaderId', key: 'leaderId', width: 100 },
  { title: '所属部门', dataIndex: 'departId', key: 'departId', width: 130 },
  {
    title: '预算(元)',
    dataIndex: 'budget',
    key: 'budget',
    sorter: true,
    align: 'right',
    width: 140,
    render: (v: number | null) => formatYuan(v),
  },
  {
    title: '实际成本(元)',
    dataIndex: 'actualCost',
    key: 'actualCost',
    sorter: true,
    align: 'right',
    width: 150,
    render: (v: number | null, r: ProjectRecord) => <CostCell budget={r.budget} actualCost={v} />,
  },
  { title: '开始日期', dataIndex: 'startDate', key: 'startDate', sorter: true, valueType: 'date' },
  { title: '结束日期', dataIndex: 'endDate', key: 'endDate', sorter: true, valueType: 'date' },
];

/** 项目列表: the projects with filters, the form in a modal, the detail, status changes, import/export. */
export function ProjectListPage() {
  const allowed = useHasPermission();
  const listRef = useRef<ListPageApi<ProjectRecord>>(null);
  const [editor, setEditor] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [detailId, setDetailId] = useState<string | null>(null);
  const reload = useCallback(() => listRef.current?.reload(), []);
  const canAdd = allowed(PERM.projectAdd);
  const canEdit = allowed(PERM.projectEdit);

  const rowActions = useCallback(
    (record: ProjectRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        <a onClick={() => setDetailId(record.id)}>{PROJECT_LIST_TEXT.details}</a>
        {/* A completed project is closed: no edit offered (the server refuses it too). */}
        {canEdit && record.status !== PROJECT_STATUS.completed && (
          <a onClick={() => setEditor({ open: true, id: record.id })}>{PROJECT_LIST_TEXT.edit}</a>
        )}
        <ProjectStatusActions project={record} onChanged={reload} />
      </Space>
    ),
    [canEdit, reload],
  );

  return (
    <Card size="small">
      <ProjectQueryForm onSearch={(params) => listRef.current?.search(params)} />
      <ListPage<ProjectRecord>
        ref={listRef}
        url={{
          list: PROJECT_URLS.list,
          delete: PROJECT_URLS.delete,
          deleteBatch: PROJECT_URLS.deleteBatch,
          exportXls: PROJECT_URLS.exportXls,
          importExcel: PROJECT_URLS.importExcel,
        }}
        columns={COLUMNS}
        permissions={{
          delete: PERM.projectDelete,
          batchDelete: PERM.projectDelete,
          export: PERM.projectExport,
          import: PERM.projectImport,
        }}
        exportName="项目信息"
        rowActions={rowActions}
        deleteLast
        toolbarExtra={(api) => (
          <>
            {canAdd && (
              <>
                <Button type="primary" onClick={() => setEditor({ open: true, id: null })}>
                  {PROJECT_LIST_TEXT.add}
                </Button>
                <Link to={PROJECT_ROUTES.form}>
                  <Button>{PROJECT_LIST_TEXT.addPage}</Button>
                </Link>
              </>
            )}
            <PrintButton source="project" ids={api.selectedRowKeys.map(String)} fileName="项目" />
          </>
        )}
      />
      <ProjectFormModal
        open={editor.open}
        id={editor.id}
        onClose={() => setEditor({ open: false, id: null })}
        onSaved={() => {
          setEditor({ open: false, id: null });
          reload();
        }}
      />
      <ProjectDetailModal id={detailId} onClose={() => setDetailId(null)} onChanged={reload} />
    </Card>
  );
}
