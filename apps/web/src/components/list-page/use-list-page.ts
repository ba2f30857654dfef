import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { TablePaginationConfig, TableProps } from 'antd';
import { AxiosError } from 'axios';
import {
  LIST_MESSAGES,
  LIST_PAGE,
  type ApiResponse,
  type PageResult,
  type SuperQueryCondition,
  type SuperQueryMatchType,
} from '@district/shared';
import { feedback } from '@/lib/feedback';
import { deleteAction, getAction } from '@/lib/request';
import { exportXls as downloadXls } from '@/components/excel/export-xls';
import {
  buildListParams,
  totalText,
  type ListPageUrls,
  type ListParams,
  type ListSort,
  type SuperQueryState,
} from './list-query';

/** A list answer with this code carries a message to show as a warning (widgets-spec §8). */
export const LIST_WARNING_CODE = 510;

export type ListRecord = Record<string, unknown>;

type TableChange<T> = NonNullable<TableProps<T>['onChange']>;
type TableSorter<T> = Parameters<TableChange<T>>[2];
type TableRowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

export interface UseListPageOptions<T extends object = ListRecord> {
  url: ListPageUrls;
  /** Sent with every list and export request (e.g. a fixed parent id); not cleared by 重置. */
  defaultParams?: ListParams;
  /** Row id field (default id): the value sent to delete, deleteBatch and as export selections. */
  rowKey?: string;
  /** Export file name without extension. */
  exportName?: string;
  pageSize?: number;
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
}

/** What screens get to add their own actions (freeze, reset password, …). */
export interface ListPageApi<T extends object = ListRecord> {
  /** Loads the current page again; `toFirstPage` goes back to page 1. */
  reload: (toFirstPage?: boolean) => void;
  /** Replaces the plain filters and goes to page 1. */
  search: (query: ListParams) => void;
  setSuperQuery: (conditions: SuperQueryCondition[], matchType: SuperQueryMatchType) => void;
  selectedRowKeys: Key[];
  selectedRows: T[];
  clearSelection: () => void;
  /** Asks 确认删除 / 是否删除选中数据? and deletes one record. */
  deleteRecord: (id: Key) => void;
  /** Asks 确定要删除这 N 项吗? and deletes the selected records; warns 请选择一条记录！ without a selection. */
  batchDelete: () => void;
  /** Downloads the export of the current filters (and selection, when rows are selected). */
  exportXls: (fields?: readonly string[]) => Promise<void>;
  /** The parameters the list is requested with now. */
  params: () => ListParams;
}

export interface UseListPageResult<T extends object = ListRecord> extends ListPageApi<T> {
  records: T[];
  total: number;
  loading: boolean;
  exporting: boolean;
  superQuery: SuperQueryState;
  pagination: TablePaginationConfig;
  sort: ListSort | null;
  rowSelection: TableRowSelection<T>;
  onTableChange: NonNullable<TableProps<T>['onChange']>;
  /** Opens a page of the list (the phone's card list has a pager of its own, not the table's). */
  goToPage: (current: number, pageSize: number) => void;
}

function failureMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiResponse> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return error instanceof Error ? error.message : String(error);
}

function sortOf<T>(sorter: TableSorter<T>): ListSort | null {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return null;
  const key = first.column?.key ?? first.field;
  const column = Array.isArray(key) ? key.join('.') : key;
  if (column === undefined || column === '') return null;
  return { column: String(column), order: first.order === 'ascend' ? 'asc' : 'desc' };
}

/**
 * State and calls of a generic list page (widgets-spec §5, §7, §9): filters, paging, sort, advanced
 * query, selection, delete/batch delete and export against the resource's URLs.
 */
export function useListPage<T extends object = ListRecord>(options: UseListPageOptions<T>): UseListPageResult<T> {
  const { url, rowKey = 'id', exportName = '导出数据', onSelectionChange } = options;
  const defaultKey = JSON.stringify(options.defaultParams ?? {});
  const defaultParams = useMemo(() => JSON.parse(defaultKey) as ListParams, [defaultKey]);

  const [query, setQuery] = useState<ListParams>({});
  const [page, setPage] = useState({ current: 1, pageSize: options.pageSize ?? LIST_PAGE.pageSize });
  const [sort, setSort] = useState<ListSort | null>(null);
  const [superQuery, setSuperQueryState] = useState<SuperQueryState>({ conditions: [], matchType: 'and' });
  const [tick, setTick] = useState(0);
  const [records, setRecords] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);

  const requestParams = useMemo(
    () => buildListParams({ defaultParams, query, page, sort, superQuery }),
    [defaultParams, query, page, sort, superQuery],
  );
  const paramsRef = useRef(requestParams);
  paramsRef.current = requestParams;
  const selectionChangeRef = useRef(onSelectionChange);
  selectionChangeRef.current = onSelectionChange;

  const listUrl = url.list;
  useEffect(() => {
    if (!listUrl) {
      feedback.message.error(LIST_MESSAGES.missingUrl);
      return;
    }
    let current = true;
    setLoading(true);
    getAction<PageResult<T>>(listUrl, requestParams)
      .then((res) => {
        if (!current) return;
        if (res.code === LIST_WARNING_CODE || !res.success) {
          feedback.message.warning(res.message);
          return;
        }
        setRecords(res.result?.records ?? []);
        setTotal(res.result?.total ?? 0);
      })
      // The request layer has shown the failure already.
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [listUrl, requestParams, tick]);

  const updateSelection = useCallback((keys: Key[], rows: T[]) => {
    setSelectedRowKeys(keys);
    setSelectedRows(rows);
    selectionChangeRef.current?.(keys, rows);
  }, []);
  const clearSelection = useCallback(() => updateSelection([], []), [updateSelection]);

  const reload = useCallback((toFirstPage = false) => {
    if (toFirstPage) setPage((p) => (p.current === 1 ? p : { ...p, current: 1 }));
    setTick((t) => t + 1);
  }, []);

  // A new query (查询, 重置, 高级查询) drops the selection: rows picked under the old one would otherwise stay picked,
  // out of sight, and 导出 would export only them.
  const search = useCallback(
    (next: ListParams) => {
      setQuery(next);
      setPage((p) => ({ ...p, current: 1 }));
      setTick((t) => t + 1);
      clearSelection();
    },
    [clearSelection],
  );

  const setSuperQuery = useCallback(
    (conditions: SuperQueryCondition[], matchType: SuperQueryMatchType) => {
      setSuperQueryState({ conditions, matchType });
      setPage((p) => ({ ...p, current: 1 }));
      setTick((t) => t + 1);
      clearSelection();
    },
    [clearSelection],
  );

  /** After removing `count` rows, stay on the last page that still has rows. */
  const afterDelete = useCallback(
    (removed: Key[]) => {
      const remaining = Math.max(0, total - removed.length);
      const lastPage = Math.max(1, Math.ceil(remaining / page.pageSize));
      const gone = new Set(removed.map(String));
      const rowId = (r: T) => String((r as Record<string, unknown>)[rowKey]);
      updateSelection(
        selectedRowKeys.filter((k) => !gone.has(String(k))),
        selectedRows.filter((r) => !gone.has(rowId(r))),
      );
      if (page.current > lastPage) setPage((p) => ({ ...p, current: lastPage }));
      setTick((t) => t + 1);
    },
    [total, page, rowKey, selectedRowKeys, selectedRows, updateSelection],
  );

  const runDelete = useCallback(
    async (target: string, params: Record<string, string>, removed: Key[]) => {
      try {
        // Failures are warnings with the server message (widgets-spec §8), so the central notice stays quiet.
        const res = await deleteAction(target, params, { silent: true });
        if (!res.success) {
          feedback.message.warning(res.message);
          return;
        }
        feedback.message.success(res.message || '删除成功');
        afterDelete(removed);
      } catch (error) {
        feedback.message.warning(failureMessage(error));
      }
    },
    [afterDelete],
  );

  const deleteRecord = useCallback(
    (id: Key) => {
      if (!url.delete) {
        feedback.message.error(LIST_MESSAGES.missingUrlOf('delete'));
        return;
      }
      const target = url.delete;
      feedback.modal.confirm({
        title: LIST_MESSAGES.deleteTitle,
        content: LIST_MESSAGES.deleteContent,
        onOk: () => runDelete(target, { id: String(id) }, [id]),
      });
    },
    [url.delete, runDelete],
  );

  const batchDelete = useCallback(() => {
    if (!url.deleteBatch) {
      feedback.message.error(LIST_MESSAGES.missingUrlOf('deleteBatch'));
      return;
    }
    if (selectedRowKeys.length === 0) {
      feedback.message.warning(LIST_MESSAGES.selectOne);
      return;
    }
    const target = url.deleteBatch;
    const keys = [...selectedRowKeys];
    feedback.modal.confirm({
      title: LIST_MESSAGES.deleteTitle,
      content: LIST_MESSAGES.batchDelete(keys.length),
      onOk: () => runDelete(target, { ids: keys.join(',') }, keys),
    });
  }, [url.deleteBatch, selectedRowKeys, runDelete]);

  const exportXls = useCallback(
    async (fields?: readonly string[]) => {
      if (!url.exportXls) {
        feedback.message.error(LIST_MESSAGES.missingUrlOf('exportXls'));
        return;
      }
      setExporting(true);
      try {
        await downloadXls(url.exportXls, exportName, {
          params: paramsRef.current,
          selections: selectedRowKeys as (string | number)[],
          fields,
        });
      } finally {
        setExporting(false);
      }
    },
    [url.exportXls, exportName, selectedRowKeys],
  );

  const onTableChange = useCallback<NonNullable<TableProps<T>['onChange']>>((pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      setSort(sortOf(sorter));
      setPage((p) => ({ ...p, current: 1 }));
      return;
    }
    if (extra.action === 'paginate') {
      setPage((p) => ({
        current: pagination.pageSize !== p.pageSize ? 1 : (pagination.current ?? 1),
        pageSize: pagination.pageSize ?? p.pageSize,
      }));
    }
  }, []);

  const goToPage = useCallback((current: number, pageSize: number) => {
    setPage((p) => ({ current: pageSize !== p.pageSize ? 1 : current, pageSize }));
  }, []);

  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.pageSize,
    total,
    showQuickJumper: true,
    showSizeChanger: true,
    pageSizeOptions: LIST_PAGE.pageSizeOptions.map(String),
    showTotal: totalText,
  };

  const rowSelection: TableRowSelection<T> = {
    selectedRowKeys,
    preserveSelectedRowKeys: true,
    onChange: (keys, rows) => updateSelection(keys, rows.filter(Boolean)),
  };

  const params = useCallback(() => paramsRef.current, []);

  return {
    records,
    total,
    loading,
    exporting,
    superQuery,
    pagination,
    sort,
    rowSelection,
    onTableChange,
    goToPage,
    reload,
    search,
    setSuperQuery,
    selectedRowKeys,
    selectedRows,
    clearSelection,
    deleteRecord,
    batchDelete,
    exportXls,
    params,
  };
}
