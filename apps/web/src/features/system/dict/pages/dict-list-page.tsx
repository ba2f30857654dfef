import { useCallback, useRef, useState } from 'react';
import { App, Button, Card } from 'antd';
import { DICT_ADMIN_API, MSG, PERM, type DictRecord, type SuperQueryFieldDef } from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import type { ListPageApi } from '../../../../components/list-page/use-list-page';
import { refreshDictCache } from '../../../../lib/dict-cache';
import { DictFormModal } from '../components/dict-form-modal';
import { DictItemDrawer } from '../components/dict-item-drawer';
import { DictRecycleBinModal } from '../components/dict-recycle-bin-modal';

export const DICT_PAGE_TEXT = {
  configure: '字典配置',
  refreshCache: '刷新缓存',
  recycleBin: '回收站',
} as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'dictName', label: '字典名称', op: 'like', trim: true },
  { kind: 'input', field: 'dictCode', label: '字典编码', op: 'like', trim: true },
];

const SUPER_QUERY_FIELDS: SuperQueryFieldDef[] = [
  { field: 'dictName', title: '字典名称', type: 'string' },
  { field: 'dictCode', title: '字典编码', type: 'string' },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
];

const COLUMNS: ListColumn<DictRecord>[] = [
  { title: '字典名称', dataIndex: 'dictName', key: 'dictName', sorter: true },
  { title: '字典编码', dataIndex: 'dictCode', key: 'dictCode', sorter: true },
  { title: '描述', dataIndex: 'description', valueType: 'longText' },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
];

/** 数据字典: dictionaries with their items (字典配置), the recycle bin and the cache refresh. */
export function DictListPage() {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const [configuring, setConfiguring] = useState<DictRecord | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const listApi = useRef<ListPageApi<DictRecord>>(null);

  const refreshCache = () => {
    setRefreshing(true);
    refreshDictCache()
      .then(
        () => message.success(MSG.cacheRefreshed),
        () => message.error(MSG.cacheRefreshFailed),
      )
      .finally(() => setRefreshing(false));
  };

  const renderEditor = useCallback((props: ListEditorProps<DictRecord>) => <DictFormModal {...props} />, []);
  const rowActions = useCallback(
    (record: DictRecord) => <a onClick={() => setConfiguring(record)}>{DICT_PAGE_TEXT.configure}</a>,
    [],
  );

  return (
    <Card variant="borderless">
      <ListPage<DictRecord>
        ref={listApi}
        url={{
          list: DICT_ADMIN_API.list,
          delete: DICT_ADMIN_API.delete,
          deleteBatch: DICT_ADMIN_API.deleteBatch,
          exportXls: DICT_ADMIN_API.exportXls,
          importExcel: DICT_ADMIN_API.importExcel,
        }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        superQueryFields={SUPER_QUERY_FIELDS}
        exportName="数据字典"
        permissions={{
          add: PERM.dictAdd,
          edit: PERM.dictEdit,
          delete: PERM.dictDelete,
          batchDelete: PERM.dictDelete,
          export: PERM.dictExport,
          import: PERM.dictImport,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
        toolbarExtra={
          <>
            {allowed(PERM.dictRefreshCache) && (
              <Button loading={refreshing} onClick={refreshCache}>
                {DICT_PAGE_TEXT.refreshCache}
              </Button>
            )}
            {allowed(PERM.dictRecycle) && <Button onClick={() => setBinOpen(true)}>{DICT_PAGE_TEXT.recycleBin}</Button>}
          </>
        }
      />
      <DictItemDrawer dict={configuring} onClose={() => setConfiguring(null)} />
      <DictRecycleBinModal
        open={binOpen}
        onClose={() => setBinOpen(false)}
        onRestored={() => listApi.current?.reload()}
      />
    </Card>
  );
}
