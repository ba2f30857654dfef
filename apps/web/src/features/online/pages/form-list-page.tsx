import { useCallback, useState } from 'react';
import { App, Card, Input, Tag } from 'antd';
import { ONLINE_KIND_LABELS, ONLINE_ROUTES, PERM, type OnlineFormDef } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { useSessionStore } from '@/lib/session-store';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import type { QueryField } from '@/components/list-page/list-query';
import { copyForm, FORM_HEAD_API, loadVersions, syncForm } from '../api/online-api';
import { CreateMenuModal, type MenuTarget } from '../components/create-menu-modal';
import { EnhanceModal } from '../components/enhance-modal';
import { FormEditorModal } from '../components/form-editor-modal';

export const FORM_LIST_TEXT = {
  sync: '同步数据库',
  copy: '复制表单',
  enhance: 'JS增强',
  synced: '已同步',
  unsynced: '未同步',
  confirmLoss: '确认同步',
  versions: '版本记录',
  createMenu: '生成菜单',
} as const;

const ACTION_LABELS: Record<string, string> = {
  add: '新建',
  edit: '修改',
  copy: '复制',
  sync: '同步',
  'sync-destructive': '同步（已确认数据丢失）',
};

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'tableName', label: '表名', op: 'like', trim: true },
  { kind: 'input', field: 'title', label: '表描述', op: 'like', trim: true },
];

const COLUMNS: ListColumn<OnlineFormDef>[] = [
  { title: '表名', dataIndex: 'tableName', key: 'tableName' },
  { title: '表描述', dataIndex: 'title', key: 'title' },
  {
    title: '表类型',
    dataIndex: 'formKind',
    key: 'formKind',
    render: (v: keyof typeof ONLINE_KIND_LABELS) => ONLINE_KIND_LABELS[v],
  },
  { title: '版本', dataIndex: 'version', key: 'version', width: 70 },
  {
    title: '同步数据库',
    key: 'synced',
    render: (_: unknown, r: OnlineFormDef) =>
      r.syncedVersion === r.version ? (
        <Tag color="green">{FORM_LIST_TEXT.synced}</Tag>
      ) : (
        <Tag color="red">{FORM_LIST_TEXT.unsynced}</Tag>
      ),
  },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 170 },
];

/**
 * 表单开发: form definitions with 新增/编辑, 同步数据库 (confirming changes that lose data), 复制表单 and JS增强.
 * Definitions are shared by every tenant: only a platform administrator is offered their writes (the server
 * refuses anyone else's).
 */
export function FormListPage() {
  const { message, modal } = App.useApp();
  const held = useHasPermission();
  const platform = useSessionStore((s) => s.isPlatformAdmin);
  const allowed = useCallback((code: string) => platform && held(code), [platform, held]);
  const [enhanceOf, setEnhanceOf] = useState<string | null>(null);
  const [menuOf, setMenuOf] = useState<MenuTarget | null>(null);

  const sync = useCallback(
    async (record: OnlineFormDef, api: ListPageApi<OnlineFormDef>, confirm = false) => {
      try {
        const res = await syncForm(record.id, confirm);
        message.success(res.message);
        api.reload();
      } catch (error) {
        const res = (error as { response?: { status?: number; data?: { message?: string } } }).response;
        if (res?.status === 409) {
          modal.confirm({
            title: FORM_LIST_TEXT.confirmLoss,
            content: res.data?.message,
            okType: 'danger',
            onOk: () => sync(record, api, true),
          });
        } else {
          message.warning(res?.data?.message ?? '同步失败');
        }
      }
    },
    [message, modal],
  );

  const copy = useCallback(
    (record: OnlineFormDef, api: ListPageApi<OnlineFormDef>) => {
      let name = `${record.tableName}_copy`;
      modal.confirm({
        title: FORM_LIST_TEXT.copy,
        content: (
          <Input
            aria-label="新表名"
            defaultValue={name}
            onChange={(e) => {
              name = e.target.value.trim();
            }}
          />
        ),
        onOk: async () => {
          const res = await copyForm(record.id, name);
          message.success(res.message);
          api.reload();
        },
      });
    },
    [message, modal],
  );

  const rowActions = useCallback(
    (record: OnlineFormDef, api: ListPageApi<OnlineFormDef>) => (
      <>
        {allowed(PERM.onlineFormSync) && <a onClick={() => void sync(record, api)}>{FORM_LIST_TEXT.sync}</a>}
        {allowed(PERM.onlineFormEdit) && <a onClick={() => copy(record, api)}>{FORM_LIST_TEXT.copy}</a>}
        <a onClick={() => setEnhanceOf(record.tableName)}>{FORM_LIST_TEXT.enhance}</a>
        <a
          onClick={async () => {
            const versions = await loadVersions(record.id);
            modal.info({
              title: `${FORM_LIST_TEXT.versions}：${record.tableName}`,
              width: 720,
              content: (
                <ul style={{ maxHeight: 400, overflow: 'auto', paddingLeft: 16 }}>
                  {versions.map((v) => (
                    <li key={v.id}>
                      v{v.version} · {ACTION_LABELS[v.action] ?? v.action} · {v.createBy} · {v.createTime}
                      {v.note ? ` · ${v.note}` : ''}
                    </li>
                  ))}
                </ul>
              ),
            });
          }}
        >
          {FORM_LIST_TEXT.versions}
        </a>
        {allowed(PERM.permissionAdd) && record.formKind !== 'sub' && (
          <a
            onClick={() =>
              setMenuOf({
                kind: 'form',
                id: record.id,
                name: record.title,
                url: `${ONLINE_ROUTES.autoList}/${record.tableName}`,
              })
            }
          >
            {FORM_LIST_TEXT.createMenu}
          </a>
        )}
      </>
    ),
    [allowed, copy, modal, sync],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<OnlineFormDef>) => (
      <FormEditorModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<OnlineFormDef>
        url={platform ? { list: FORM_HEAD_API.list, delete: FORM_HEAD_API.delete } : { list: FORM_HEAD_API.list }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{ add: PERM.onlineFormEdit, edit: PERM.onlineFormEdit, delete: PERM.onlineFormEdit }}
        renderEditor={platform ? renderEditor : undefined}
        rowActions={rowActions}
        selectable={false}
        actionColumnWidth={360}
      />
      <EnhanceModal tableName={enhanceOf} onClose={() => setEnhanceOf(null)} />
      <CreateMenuModal target={menuOf} onClose={() => setMenuOf(null)} />
    </Card>
  );
}
