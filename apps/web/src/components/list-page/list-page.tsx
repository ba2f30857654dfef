import { useImperativeHandle, useLayoutEffect, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Alert, Button, Divider, Dropdown, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { SuperQueryFieldDef } from '@district/shared';
import { useHasPermission } from '../has-permission/use-has-permission';
import { AdvancedQueryButton } from '../advanced-query/advanced-query-button';
import { ImportExcelModal } from '../excel/import-excel-modal';
import { SELECTION_COLUMN_WIDTH, withColumnDefaults, type ListColumn } from './list-columns';
import { ListQueryForm } from './list-query-form';
import type { ListPageUrls, ListParams, QueryField } from './list-query';
import { useListPage, type ListPageApi, type ListRecord } from './use-list-page';

export const LIST_PAGE_TEXT = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
  batch: '批量操作',
  action: '操作',
  clear: '清空',
  selected: (n: number) => `已选择 ${n} 项`,
} as const;

/** Permission codes of the toolbar and row buttons; a button without a code is shown to everyone. */
export interface ListPagePermissions {
  add?: string;
  edit?: string;
  delete?: string;
  batchDelete?: string;
  export?: string;
  import?: string;
}

export interface ListEditorProps<T> {
  open: boolean;
  /** null when adding. */
  record: T | null;
  onClose: () => void;
  /** Closes the editor and reloads the list. */
  onSaved: () => void;
}

export interface ListPageProps<T extends object = ListRecord> {
  url: ListPageUrls;
  /** Without a width a column gets the default of its value type; long texts are cut with a tooltip. */
  columns: readonly ListColumn<T>[];
  queryFields?: readonly QueryField[];
  superQueryFields?: readonly SuperQueryFieldDef[];
  /** Key of the saved advanced queries (default: the route path). */
  superQueryCode?: string;
  permissions?: ListPagePermissions;
  /** Extra row actions after 编辑 / 删除. */
  rowActions?: (record: T, api: ListPageApi<T>) => ReactNode;
  /** Rows 删除 is offered for (default all), e.g. records that nothing refers to yet. */
  deletable?: (record: T) => boolean;
  /** 删除 after the extra row actions rather than before them (pages whose own actions come first). */
  deleteLast?: boolean;
  /** The add/edit form; enables 新增 and 编辑. */
  renderEditor?: (props: ListEditorProps<T>) => ReactNode;
  toolbarExtra?: ReactNode | ((api: ListPageApi<T>) => ReactNode);
  exportName?: string;
  defaultParams?: ListParams;
  /** Id field (default id). */
  rowKey?: string;
  /** Passed to the antd Table (expandable for trees, scroll, size…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'onChange' | 'pagination' | 'loading'>;
  /** false hides the checkboxes (and so the batch actions). */
  selectable?: boolean;
  /** Width of the 操作 column; pages with more than 编辑/删除 give the room their links need. */
  actionColumnWidth?: number;
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /** Imperative access for screens' own actions (reload, selected rows…). */
  ref?: Ref<ListPageApi<T>>;
}

/**
 * The 操作 column starts with room for 编辑 | 删除 (more with row actions) and grows to its widest row once
 * shown, since the links depend on the user's permissions; `padding` is the cell's padding and border.
 */
const ACTION_WIDTH = { plain: 110, extra: 170, padding: 18 } as const;

/** The dataIndex of a plain column, or undefined for nested/compound ones. */
function fieldOf(column: TableColumnsType<unknown>[number]): string | undefined {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  return typeof dataIndex === 'string' && dataIndex !== '' ? dataIndex : undefined;
}

/**
 * The generic list page (widgets-spec "generic list pages"): query form, toolbar (新增, 导出, 导入, 高级查询,
 * 批量操作), selection summary, table with server paging and sort, and the add/edit editor.
 */
export function ListPage<T extends object = ListRecord>(props: ListPageProps<T>) {
  const {
    url,
    columns,
    queryFields,
    superQueryFields,
    superQueryCode,
    permissions = {},
    rowActions,
    deletable,
    deleteLast = false,
    renderEditor,
    toolbarExtra,
    exportName,
    defaultParams,
    rowKey = 'id',
    tableProps,
    selectable = true,
    actionColumnWidth,
    onSelectionChange,
    ref,
  } = props;
  const allowed = useHasPermission();
  const can = (code: string | undefined) => !code || allowed(code);
  const list = useListPage<T>({ url, defaultParams, rowKey, exportName, onSelectionChange });
  const [editor, setEditor] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const [importOpen, setImportOpen] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const [measuredActionWidth, setMeasuredActionWidth] = useState(0);

  const api: ListPageApi<T> = list;
  useImperativeHandle(ref, () => api, [api]);

  const canEdit = Boolean(renderEditor) && can(permissions.edit);
  const canDelete = Boolean(url.delete) && can(permissions.delete);
  const idOf = (record: T) => (record as Record<string, unknown>)[rowKey] as Key;

  // Rebuilt each render: it follows the sort, the permissions and the api's current selection.
  const { tableColumns, scrollWidth } = ((): { tableColumns: TableColumnsType<T>; scrollWidth: number } => {
    const translated = columns.map((column): ListColumn<T> => {
      const field = fieldOf(column as TableColumnsType<unknown>[number]);
      // Dictionary fields come with `<field>_dictText` (the server's translation), a plain text to cut.
      if (!field || column.render) return column;
      return {
        ...column,
        ellipsis: column.ellipsis ?? true,
        render: (value: unknown, record: T) => {
          const text = (record as Record<string, unknown>)[`${field}_dictText`];
          return (text ?? value) as ReactNode;
        },
      };
    });
    const sized = withColumnDefaults(translated);
    const mapped = sized.columns.map((column) => {
      const field = fieldOf(column as TableColumnsType<unknown>[number]);
      let next = column;
      if (column.sorter && column.sortOrder === undefined) {
        const key = String(column.key ?? field ?? '');
        const order = list.sort?.column === key ? (list.sort.order === 'asc' ? 'ascend' : 'descend') : null;
        next = { ...next, sortOrder: order };
      }
      return next;
    });
    // The checkbox column, and the expand-button column of rows with details.
    const selectionWidth =
      (selectable ? SELECTION_COLUMN_WIDTH : 0) +
      (tableProps?.expandable?.expandedRowRender ? SELECTION_COLUMN_WIDTH : 0);
    if (!canEdit && !canDelete && !rowActions)
      return { tableColumns: mapped, scrollWidth: sized.width + selectionWidth };
    const actionWidth =
      actionColumnWidth ?? Math.max(rowActions ? ACTION_WIDTH.extra : ACTION_WIDTH.plain, measuredActionWidth);
    const actionColumn: TableColumnsType<T>[number] = {
      title: LIST_PAGE_TEXT.action,
      key: '__action',
      width: actionWidth,
      // Always in reach when the table scrolls sideways.
      fixed: 'right',
      render: (_: unknown, record: T) => {
        const items: ReactNode[] = [];
        if (canEdit)
          items.push(
            <a key="edit" onClick={() => setEditor({ open: true, record })}>
              {LIST_PAGE_TEXT.edit}
            </a>,
          );
        const remove =
          canDelete && (!deletable || deletable(record)) ? (
            <a key="delete" onClick={() => api.deleteRecord(idOf(record))}>
              {LIST_PAGE_TEXT.delete}
            </a>
          ) : null;
        if (remove && !deleteLast) items.push(remove);
        const extra = rowActions?.(record, api);
        if (extra) items.push(<span key="extra">{extra}</span>);
        if (remove && deleteLast) items.push(remove);
        return (
          <Space
            className="list-page-row-actions"
            // The divider's own margin is space enough between two links.
            size={0}
            style={{ whiteSpace: 'nowrap' }}
            separator={<Divider orientation="vertical" />}
          >
            {items}
          </Space>
        );
      },
    };
    return { tableColumns: [...mapped, actionColumn], scrollWidth: sized.width + selectionWidth + actionWidth };
  })();

  const exportFields = () =>
    columns
      .filter((c) => !('hidden' in c && c.hidden))
      .map((c) => fieldOf(c as TableColumnsType<unknown>[number]))
      .filter((f): f is string => Boolean(f));

  // Widen 操作 to its widest row (only ever grows, so it never flickers between pages).
  useLayoutEffect(() => {
    if (actionColumnWidth !== undefined) return;
    let widest = 0;
    tableRef.current?.querySelectorAll<HTMLElement>('.list-page-row-actions').forEach((el) => {
      widest = Math.max(widest, el.scrollWidth);
    });
    if (widest === 0) return;
    const need = Math.ceil(widest + ACTION_WIDTH.padding);
    setMeasuredActionWidth((seen) => (need > seen ? need : seen));
  }, [list.records, actionColumnWidth]);

  const selectedCount = list.selectedRowKeys.length;
  const showBatch = selectable && selectedCount > 0 && Boolean(url.deleteBatch) && can(permissions.batchDelete);

  return (
    <div className="list-page">
      {queryFields && queryFields.length > 0 && <ListQueryForm fields={queryFields} onSearch={list.search} />}
      <Space wrap style={{ marginBottom: 12 }}>
        {renderEditor && can(permissions.add) && (
          <Button type="primary" onClick={() => setEditor({ open: true, record: null })}>
            {LIST_PAGE_TEXT.add}
          </Button>
        )}
        {url.exportXls && can(permissions.export) && (
          <Button loading={list.exporting} onClick={() => void list.exportXls(exportFields())}>
            {LIST_PAGE_TEXT.export}
          </Button>
        )}
        {url.importExcel && can(permissions.import) && (
          <Button onClick={() => setImportOpen(true)}>{LIST_PAGE_TEXT.import}</Button>
        )}
        {superQueryFields && superQueryFields.length > 0 && (
          <AdvancedQueryButton fields={superQueryFields} saveCode={superQueryCode} onSearch={list.setSuperQuery} />
        )}
        {typeof toolbarExtra === 'function' ? toolbarExtra(api) : toolbarExtra}
        {showBatch && (
          <Dropdown
            menu={{
              items: [{ key: 'delete', label: LIST_PAGE_TEXT.delete }],
              onClick: ({ key }) => {
                if (key === 'delete') list.batchDelete();
              },
            }}
          >
            <Button>
              {LIST_PAGE_TEXT.batch} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        )}
      </Space>
      {selectable && selectedCount > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              {LIST_PAGE_TEXT.selected(selectedCount)}
              <a style={{ marginLeft: 24 }} onClick={list.clearSelection}>
                {LIST_PAGE_TEXT.clear}
              </a>
            </span>
          }
        />
      )}
      <div ref={tableRef}>
        <Table<T>
          size="middle"
          bordered
          {...tableProps}
          // Wider than the page: the table scrolls sideways, the checkboxes and 操作 stay in place.
          scroll={{ x: scrollWidth, ...tableProps?.scroll }}
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={list.records}
          loading={list.loading}
          pagination={list.pagination}
          rowSelection={
            selectable
              ? { fixed: true, columnWidth: SELECTION_COLUMN_WIDTH, ...tableProps?.rowSelection, ...list.rowSelection }
              : undefined
          }
          onChange={list.onTableChange}
        />
      </div>
      {renderEditor?.({
        open: editor.open,
        record: editor.record,
        onClose: () => setEditor({ open: false, record: null }),
        onSaved: () => {
          setEditor({ open: false, record: null });
          list.reload();
        },
      })}
      {url.importExcel && (
        <ImportExcelModal
          open={importOpen}
          url={url.importExcel}
          onClose={() => setImportOpen(false)}
          onOk={() => list.reload()}
        />
      )}
    </div>
  );
}
