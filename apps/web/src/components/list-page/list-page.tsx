import { useImperativeHandle, useLayoutEffect, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Alert, Button, Dropdown, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ResourceDescriptor, SuperQueryFieldDef } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { AdvancedQueryButton } from '@/components/advanced-query/advanced-query-button';
import { ImportExcelModal } from '@/components/excel/import-excel-modal';
import { ListCards, columnKeyOf, resolveCard, type ListCardFields } from './list-cards';
import { SELECTION_COLUMN_WIDTH, withColumnDefaults, type ListColumn } from './list-columns';
import { ListQueryForm } from './list-query-form';
import type { ListPageUrls, ListParams, QueryField } from './list-query';
import {
  columnsOf,
  permissionsOf,
  queryFieldsOf,
  superQueryFieldsOf,
  urlsOf,
  type ColumnPick,
  type QueryPick,
} from './list-resource';
import { RowActions, flattenActions } from './row-actions';
import { useListPage, type ListPageApi, type ListRecord } from './use-list-page';
import { useNarrowScreen } from './use-narrow-screen';

export const LIST_PAGE_TEXT = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  /** The export button says what it will write: the selected rows, or every row the query finds. */
  exportSelected: (n: number) => `导出选中 ${n.toLocaleString('zh-CN')} 条`,
  exportAll: (n: number) => `导出全部 ${n.toLocaleString('zh-CN')} 条`,
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

export interface ListPageProps<T extends object = ListRecord, D extends ResourceDescriptor = ResourceDescriptor> {
  /**
   * The resource's shared declaration: the URLs, permissions, export name and advanced query come from it (each may
   * still be given), and columns and query fields may be picked by field name.
   */
  resource?: D;
  /** Required without `resource`. */
  url?: ListPageUrls;
  /**
   * Field names of `resource`, or full columns. Without a width a column gets the default of its value type; long
   * texts are cut with a tooltip.
   */
  columns: readonly ColumnPick<T, D>[];
  queryFields?: readonly QueryPick<D>[];
  superQueryFields?: readonly SuperQueryFieldDef[];
  /** Key of the saved advanced queries (default: the route path). */
  superQueryCode?: string;
  permissions?: ListPagePermissions;
  /**
   * The columns (field names) that identify a record, such as its code and name: pinned on the left, after the
   * checkboxes, while the table scrolls sideways (`fixed: 'left'` on a column does the same). Default: the first
   * column; `[]` pins none.
   */
  fixedColumns?: readonly string[];
  /**
   * What a record's card shows on a phone (below 768 px), where the list shows cards instead of the table: title,
   * line under it, tag and a few fields. Default: the first column as title and the next three.
   */
  card?: ListCardFields;
  /**
   * Extra row actions after 编辑 / 删除: links in a fragment or an array, conditional ones as `cond && <a/>`; each
   * link gets its divider, a hidden one none.
   */
  rowActions?: (record: T, api: ListPageApi<T>) => ReactNode;
  /** Rows 删除 is offered for (default all), e.g. records that nothing refers to yet. */
  deletable?: (record: T) => boolean;
  /** 删除 after the extra row actions rather than before them (pages whose own actions come first). */
  deleteLast?: boolean;
  /** The add/edit form; enables 新增 and 编辑. */
  renderEditor?: (props: ListEditorProps<T>) => ReactNode;
  toolbarExtra?: ReactNode | ((api: ListPageApi<T>) => ReactNode);
  exportName?: string;
  /**
   * The columns 导出 writes: the shown ones (default), or `all` of the resource's Excel fields, which are the
   * columns 导入 reads, so such an export is a complete import file.
   */
  exportColumns?: 'shown' | 'all';
  /** Shown in 导入EXCEL above the file choice (what the file should hold). */
  importHint?: ReactNode;
  defaultParams?: ListParams;
  /** Id field (default id). */
  rowKey?: string;
  /**
   * The rows as the table shows them, from the page's records: a tree list nests each row's loaded children
   * (antd tree data), so they are rows of this table with its checkboxes and 编辑 / 删除.
   */
  treeRows?: (records: T[]) => T[];
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
export function ListPage<T extends object = ListRecord, D extends ResourceDescriptor = ResourceDescriptor>(
  props: ListPageProps<T, D>,
) {
  const resource = props.resource;
  const url = props.url ?? (resource ? urlsOf(resource) : {});
  const columns = resource
    ? columnsOf<T, D>(resource, props.columns)
    : (props.columns.filter((c) => typeof c !== 'string') as ListColumn<T>[]);
  const queryFields =
    props.queryFields &&
    (resource
      ? queryFieldsOf(resource, props.queryFields)
      : (props.queryFields.filter((q) => typeof q !== 'string') as QueryField[]));
  const superQueryFields = props.superQueryFields ?? (resource ? superQueryFieldsOf(resource) : undefined);
  const permissions = props.permissions ?? (resource ? permissionsOf(resource) : {});
  const exportName = props.exportName ?? (resource ? (resource.exportName ?? `${resource.title}信息`) : undefined);
  const {
    superQueryCode,
    rowActions,
    deletable,
    deleteLast = false,
    renderEditor,
    toolbarExtra,
    defaultParams,
    rowKey = 'id',
    treeRows,
    exportColumns = 'shown',
    importHint,
    tableProps,
    selectable = true,
    actionColumnWidth,
    onSelectionChange,
    fixedColumns,
    card,
    ref,
  } = props;
  const narrow = useNarrowScreen();
  // Tree and expandable lists keep their table on a phone (cards have no place for children), with fewer columns.
  const cards = narrow && !treeRows && !tableProps?.expandable;
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

  const hasActions = canEdit || canDelete || Boolean(rowActions);
  /** The row's links, one flat list: a hidden action leaves no divider. */
  const actionsOf = (record: T): ReactNode => {
    const remove =
      canDelete && (!deletable || deletable(record)) ? (
        <a key="delete" onClick={() => api.deleteRecord(idOf(record))}>
          {LIST_PAGE_TEXT.delete}
        </a>
      ) : null;
    const items = flattenActions([
      canEdit && (
        <a key="edit" onClick={() => setEditor({ open: true, record })}>
          {LIST_PAGE_TEXT.edit}
        </a>
      ),
      !deleteLast && remove,
      rowActions?.(record, api),
      deleteLast && remove,
    ]);
    // null when no link is left, so a card draws no empty action bar.
    return items.length > 0 ? <RowActions>{items}</RowActions> : null;
  };

  // Dictionary fields come with `<field>_dictText` (the server's translation), a plain text to cut.
  const translated = columns.map((column): ListColumn<T> => {
    const field = fieldOf(column as TableColumnsType<unknown>[number]);
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

  // Rebuilt each render: it follows the sort, the permissions and the api's current selection.
  const { tableColumns, scrollWidth } = ((): { tableColumns: TableColumnsType<T>; scrollWidth: number } => {
    const pinnedKeys = new Set(
      fixedColumns ?? (translated[0] ? [columnKeyOf(translated[0] as ListColumn<never>)] : []),
    );
    const isPinned = (column: ListColumn<T>) =>
      column.fixed === 'left' ||
      column.fixed === 'start' ||
      column.fixed === true ||
      pinnedKeys.has(columnKeyOf(column as ListColumn<never>));
    // A phone's table (tree lists): the identifying columns only, nothing pinned.
    const shown = narrow
      ? (() => {
          const look = resolveCard(translated, card);
          const few = translated.filter((c) => c === look.title || c === look.tag);
          return few.map(({ fixed: _fixed, ...c }) => c as ListColumn<T>);
        })()
      : [
          ...translated.filter(isPinned).map((c) => ({ ...c, fixed: 'left' as const })),
          ...translated.filter((c) => !isPinned(c)),
        ];
    const sized = withColumnDefaults(shown);
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
    if (!hasActions) return { tableColumns: mapped, scrollWidth: sized.width + selectionWidth };
    const actionWidth =
      actionColumnWidth ?? Math.max(rowActions ? ACTION_WIDTH.extra : ACTION_WIDTH.plain, measuredActionWidth);
    const actionColumn: TableColumnsType<T>[number] = {
      title: LIST_PAGE_TEXT.action,
      key: '__action',
      width: actionWidth,
      // Always in reach when the table scrolls sideways.
      fixed: narrow ? undefined : 'right',
      render: (_: unknown, record: T) => actionsOf(record),
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
      {queryFields && queryFields.length > 0 && (
        <ListQueryForm fields={queryFields} onSearch={list.search} narrow={narrow} />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        {renderEditor && can(permissions.add) && (
          <Button type="primary" onClick={() => setEditor({ open: true, record: null })}>
            {LIST_PAGE_TEXT.add}
          </Button>
        )}
        {url.exportXls && can(permissions.export) && (
          <Button
            loading={list.exporting}
            onClick={() => void list.exportXls(exportColumns === 'all' ? undefined : exportFields())}
          >
            {selectable && selectedCount > 0
              ? LIST_PAGE_TEXT.exportSelected(selectedCount)
              : list.loading && list.total === 0
                ? LIST_PAGE_TEXT.export
                : LIST_PAGE_TEXT.exportAll(list.total)}
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
      {cards ? (
        <ListCards<T>
          records={list.records}
          columns={translated}
          card={card}
          rowKey={rowKey}
          loading={list.loading}
          actions={hasActions ? actionsOf : undefined}
          selection={
            selectable
              ? {
                  keys: list.selectedRowKeys,
                  toggle: (record, checked) => {
                    const id = idOf(record);
                    const keys = checked ? [...list.selectedRowKeys, id] : list.selectedRowKeys.filter((k) => k !== id);
                    const rows = checked
                      ? [...list.selectedRows, record]
                      : list.selectedRows.filter((r) => idOf(r) !== id);
                    list.rowSelection.onChange?.(keys, rows, { type: 'single' });
                  },
                }
              : undefined
          }
          pagination={list.pagination}
          onPage={list.goToPage}
        />
      ) : (
        <div ref={tableRef}>
          <Table<T>
            size="middle"
            bordered
            {...tableProps}
            // Wider than the page: the table scrolls sideways, the checkboxes and 操作 stay in place.
            scroll={{ x: scrollWidth, ...tableProps?.scroll }}
            rowKey={rowKey}
            columns={tableColumns}
            dataSource={treeRows ? treeRows(list.records) : list.records}
            loading={list.loading}
            pagination={list.pagination}
            rowSelection={
              selectable
                ? {
                    fixed: true,
                    columnWidth: SELECTION_COLUMN_WIDTH,
                    ...tableProps?.rowSelection,
                    ...list.rowSelection,
                  }
                : undefined
            }
            onChange={list.onTableChange}
          />
        </div>
      )}
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
          hint={importHint}
          onClose={() => setImportOpen(false)}
          onOk={() => list.reload()}
        />
      )}
    </div>
  );
}
