import { useCallback, useRef, useState } from 'react';
import { App, Button, Card } from 'antd';
import { DICT_RESOURCE, MSG, PERM, type DictRecord } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { refreshDictCache } from '@/lib/dict-cache';
import { DictFormModal } from '../components/dict-form-modal';
import { DictItemDrawer } from '../components/dict-item-drawer';
import { DictRecycleBinModal } from '../components/dict-recycle-bin-modal';

export const DICT_PAGE_TEXT = {
  configure: '字典配置',
  refreshCache: '刷新缓存',
  recycleBin: '回收站',
} as const;

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
      <ListPage<DictRecord, typeof DICT_RESOURCE>
        ref={listApi}
        resource={DICT_RESOURCE}
        columns={['dictName', 'dictCode', 'description', 'createTime']}
        queryFields={['dictName', 'dictCode']}
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
