import { useCallback, useState } from 'react';
import { Button, Card, Modal } from 'antd';
import { ONLINE_ROUTES, PERM, type OnlineReportDef } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import type { QueryField } from '@/components/list-page/list-query';
import { useSessionStore } from '@/lib/session-store';
import { REPORT_HEAD_API } from '../api/online-api';
import { CreateMenuModal, type MenuTarget } from '../components/create-menu-modal';
import { ReportEditorModal } from '../components/report-editor-modal';
import { ReportSystemTablesModal, SYSTEM_TABLES_TEXT } from '../components/report-system-tables-modal';
import { ReportView } from './report-auto-list-page';

const QUERY_FIELDS: QueryField[] = [{ kind: 'input', field: 'name', label: '报表名称', op: 'like', trim: true }];

const COLUMNS: ListColumn<OnlineReportDef>[] = [
  { title: '报表编码', dataIndex: 'code', key: 'code' },
  { title: '报表名称', dataIndex: 'name', key: 'name' },
  { title: '创建人', dataIndex: 'createBy', key: 'createBy', width: 100 },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 170 },
];

/**
 * 报表配置: online reports (one SELECT each). Definitions are shared by every tenant: only a platform administrator
 * is offered 新增/编辑/删除, 生成菜单 and 系统表授权 (the server refuses anyone else's).
 */
export function ReportListPage() {
  const [testing, setTesting] = useState<OnlineReportDef | null>(null);
  const [menuOf, setMenuOf] = useState<MenuTarget | null>(null);
  const [tablesOpen, setTablesOpen] = useState(false);
  const held = useHasPermission();
  const platform = useSessionStore((s) => s.isPlatformAdmin);
  const allowed = useCallback((code: string) => platform && held(code), [platform, held]);
  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<OnlineReportDef>) => (
      <ReportEditorModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );
  return (
    <Card size="small">
      <ListPage<OnlineReportDef>
        url={platform ? { list: REPORT_HEAD_API.list, delete: REPORT_HEAD_API.delete } : { list: REPORT_HEAD_API.list }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{ add: PERM.onlineReportSql, edit: PERM.onlineReportSql, delete: PERM.onlineReportSql }}
        renderEditor={platform ? renderEditor : undefined}
        selectable={false}
        toolbarExtra={
          allowed(PERM.onlineReportSql) ? (
            <Button onClick={() => setTablesOpen(true)}>{SYSTEM_TABLES_TEXT.title}</Button>
          ) : null
        }
        rowActions={(r) => (
          <>
            <a onClick={() => setTesting(r)}>功能测试</a>
            {allowed(PERM.permissionAdd) && (
              <a
                onClick={() =>
                  setMenuOf({
                    kind: 'report',
                    id: r.id,
                    name: r.name,
                    url: `${ONLINE_ROUTES.reportAutoList}/${r.code}`,
                  })
                }
              >
                生成菜单
              </a>
            )}
          </>
        )}
      />
      <Modal
        open={!!testing}
        title={testing?.name}
        width={1200}
        footer={null}
        onCancel={() => setTesting(null)}
        destroyOnHidden
      >
        {testing && <ReportView code={testing.code} />}
      </Modal>
      <CreateMenuModal target={menuOf} onClose={() => setMenuOf(null)} />
      <ReportSystemTablesModal open={tablesOpen} onClose={() => setTablesOpen(false)} />
    </Card>
  );
}
