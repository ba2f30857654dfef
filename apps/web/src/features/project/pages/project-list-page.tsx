import { useCallback, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { PERM, PROJECT_RESOURCE as R, PROJECT_ROUTES, PROJECT_STATUS, type FieldKey } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import { columnOf, type ColumnPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { formatYuan, type ProjectRecord } from '../api/project-api';
import { CostCell } from '../components/cost-cell';
import { ProjectDetailModal, ProjectFormModal } from '../components/project-modals';
import { ProjectProgress, ProjectStatusTag, useProjectStatusLinks } from '../components/project-status';
import { PrintButton } from '@/features/print/public';

export const PROJECT_LIST_TEXT = {
  details: '详情',
  edit: '编辑',
  add: `新建${R.title}`,
  addPage: '整页新建',
} as const;

/** A declared column with the page's own look: a short header, a render, no sorter on ids and labels. */
const column = (key: FieldKey<typeof R>, own: Partial<ListColumn<ProjectRecord>>): ListColumn<ProjectRecord> =>
  ({ ...columnOf<ProjectRecord>(R, key), ...own }) as ListColumn<ProjectRecord>;

/** A completed project is part of the record: closed to edits and never deleted (the server refuses both). */
const isClosed = (record: ProjectRecord) => record.status === PROJECT_STATUS.completed;

// Widths for 1440 px with the menu open: code and name stay on the left and 操作 on the right when the rest scrolls;
// the name has room for the district's usual fourteen characters.
const COLUMNS: ColumnPick<ProjectRecord, typeof R>[] = [
  'code',
  column('name', { width: 220 }),
  column('status', {
    title: '状态',
    sorter: false,
    render: (v: string, r: ProjectRecord) => <ProjectStatusTag status={v} text={r.status_dictText} />,
  }),
  column('progress', {
    title: '进度',
    width: 130,
    render: (v: number, r: ProjectRecord) => <ProjectProgress progress={v} status={r.status} />,
  }),
  column('type', { title: '类型', sorter: false }),
  column('leaderId', { title: '负责人' }),
  column('departId', { sorter: false }),
  column('budget', { align: 'right', width: 130, render: (v: number | null) => formatYuan(v) }),
  column('actualCost', {
    align: 'right',
    width: 140,
    render: (v: number | null, r: ProjectRecord) => <CostCell budget={r.budget} actualCost={v} />,
  }),
  'startDate',
  'endDate',
];

/** A project on a phone: its name, code and status, then leader, progress and department. */
const CARD = { title: 'name', subtitle: 'code', tag: 'status', fields: ['progress', 'leaderId', 'departId'] } as const;

/** 项目列表: the projects with filters, the form in a modal, the detail, status changes, import/export. */
export function ProjectListPage() {
  const allowed = useHasPermission();
  const listRef = useRef<ListPageApi<ProjectRecord>>(null);
  const [editor, setEditor] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [detailId, setDetailId] = useState<string | null>(null);
  const reload = useCallback(() => listRef.current?.reload(), []);
  const canAdd = allowed(PERM.projectAdd);
  const canEdit = allowed(PERM.projectEdit);

  const statusLinks = useProjectStatusLinks(reload);

  const rowActions = useCallback(
    (record: ProjectRecord) => (
      <>
        <a key="details" onClick={() => setDetailId(record.id)}>
          {PROJECT_LIST_TEXT.details}
        </a>
        {/* A completed project is closed: no edit offered (the server refuses it too). */}
        {canEdit && !isClosed(record) && (
          <a key="edit" onClick={() => setEditor({ open: true, id: record.id })}>
            {PROJECT_LIST_TEXT.edit}
          </a>
        )}
        {statusLinks(record)}
      </>
    ),
    [canEdit, statusLinks],
  );

  return (
    <Card size="small">
      <ListPage<ProjectRecord, typeof R>
        ref={listRef}
        resource={R}
        columns={COLUMNS}
        queryFields={['name', 'type', 'status', 'departId']}
        fixedColumns={['code', 'name']}
        card={CARD}
        rowActions={rowActions}
        // Nor deleted: the record of a finished project stays (the server refuses it too).
        deletable={(r) => !isClosed(r)}
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
            <PrintButton source="project" ids={api.selectedRowKeys.map(String)} fileName={R.title} />
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
