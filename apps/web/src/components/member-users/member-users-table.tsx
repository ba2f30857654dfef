import { useCallback, useEffect, useState, type Key, type ReactNode } from 'react';
import { App, Button, Divider, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { LIST_MESSAGES, PICKER_PAGE, type PageResult, type UserRecord } from '@district/shared';
import { UserSelectModal } from '@/components/pickers/user-select-modal';

/** Search values by field name ('keyword' for the single search box); the caller maps them to its query. */
export type MemberSearch = Record<string, string>;

export interface MemberUsersQuery {
  pageNo: number;
  pageSize: number;
  search: MemberSearch;
}

/** How the list is searched: one search box, or a few inputs with 查询/重置 buttons. */
export type MemberSearchConfig =
  | { kind: 'box'; placeholder: string }
  | { kind: 'fields'; fields: { name: string; label: string }[]; searchText: string; resetText: string };

export interface MemberUsersText {
  add: string;
  remove: string;
  confirmRemove: string;
  /** With this, rows can be selected and removed together. */
  removeSelected?: string;
  /** The confirmation of a batch removal; confirmRemove when absent. */
  confirmRemoveSelected?: (count: number) => string;
}

export interface MemberUsersTableProps {
  /** The owner (role, position, tenant …); null shows nothing. A new owner starts again on page 1. */
  ownerKey: string | number | null;
  /** The data columns; the action column is added here. */
  columns: TableColumnsType<UserRecord>;
  text: MemberUsersText;
  search?: MemberSearchConfig;
  fetchPage: (query: MemberUsersQuery) => Promise<PageResult<UserRecord>>;
  /** Adds the picked users; answers the message to show, or '' for none. */
  addUsers: (userIds: string[]) => Promise<string>;
  removeUsers: (userIds: string[]) => Promise<string>;
  /** Without it, only the list is shown (no add, no remove, no selection). */
  manageable?: boolean;
  /** Page size choices under the table. */
  sizeChanger?: boolean;
  actionWidth?: number;
  /** Links before 移除 in a row's action column. */
  rowActions?: (row: UserRecord) => ReactNode;
  /** Buttons after the add button. */
  toolbarExtra?: ReactNode;
  /** Keep the search when the owner changes (a side panel next to a tree of owners). */
  keepSearch?: boolean;
  /** Change it to reload the list (after the parent changed the members itself). */
  reloadToken?: number;
}

const EMPTY: MemberSearch = {};

export const MEMBER_USERS_TEXT = {
  selected: (n: number) => `已选择 ${n} 项`,
  clear: '清空',
} as const;

/**
 * The users of something (a role, a position, a tenant, a department …): a page of them with an optional
 * search, adding existing users through the user picker, removing one or (optionally) several with a
 * confirmation. The server's answer message is shown after each change; errors are shown by the request layer.
 */
export function MemberUsersTable({
  ownerKey,
  columns,
  text,
  search,
  fetchPage,
  addUsers,
  removeUsers,
  manageable = true,
  sizeChanger = false,
  actionWidth,
  rowActions,
  toolbarExtra,
  keepSearch = false,
  reloadToken = 0,
}: MemberUsersTableProps) {
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<UserRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, pageSize: PICKER_PAGE.pageSize });
  const [typed, setTyped] = useState<MemberSearch>(EMPTY);
  const [filters, setFilters] = useState<MemberSearch>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [picking, setPicking] = useState(false);
  const [owner, setOwner] = useState(ownerKey);

  // A new owner: forget the selection (and the search), back to page 1 (before loading, so it loads once).
  if (owner !== ownerKey) {
    setOwner(ownerKey);
    setSelected([]);
    if (!keepSearch) {
      setTyped(EMPTY);
      setFilters(EMPTY);
    }
    setPage((p) => ({ ...p, current: 1 }));
  }

  const load = useCallback(async () => {
    if (owner === null) return;
    setLoading(true);
    try {
      const result = await fetchPage({ pageNo: page.current, pageSize: page.pageSize, search: filters });
      setRows(result.records);
      setTotal(result.total);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setLoading(false);
    }
    // fetchPage is read at call time: owners re-create it on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, page, filters, reloadToken]);

  useEffect(() => {
    void load();
  }, [load]);

  const applySearch = (values: MemberSearch) => {
    setFilters(values);
    setPage((p) => ({ ...p, current: 1 }));
  };

  const change = async (run: () => Promise<string>, clearSelection: boolean) => {
    try {
      const said = await run();
      if (said) message.success(said);
      if (clearSelection) setSelected([]);
    } catch {
      // The request layer shows the server's message.
    }
    await load();
  };
  const remove = (ids: string[]) => change(() => removeUsers(ids), true);

  const batch = manageable && text.removeSelected !== undefined;
  const allColumns: TableColumnsType<UserRecord> = manageable
    ? [
        ...columns,
        {
          title: '操作',
          key: 'action',
          ...(actionWidth ? { width: actionWidth } : {}),
          render: (_v: unknown, r: UserRecord) => {
            const removeLink = (
              <Popconfirm title={text.confirmRemove} onConfirm={() => remove([r.id])}>
                <a>{text.remove}</a>
              </Popconfirm>
            );
            const extra = rowActions?.(r);
            return extra ? (
              <Space separator={<Divider orientation="vertical" />}>
                {extra}
                {removeLink}
              </Space>
            ) : (
              removeLink
            );
          },
        },
      ]
    : columns;

  const addButton = (
    <Button type="primary" onClick={() => setPicking(true)}>
      {text.add}
    </Button>
  );
  // app-spec §4: the batch removal and clearing the selection appear only when rows are selected.
  const removeSelectedButton = batch && selected.length > 0 && (
    <>
      <Button
        onClick={() =>
          modal.confirm({
            title: LIST_MESSAGES.deleteTitle,
            content: text.confirmRemoveSelected?.(selected.length) ?? text.confirmRemove,
            onOk: () => remove(selected.map(String)),
          })
        }
      >
        {text.removeSelected}
      </Button>
      <span>
        {MEMBER_USERS_TEXT.selected(selected.length)}
        <a style={{ marginLeft: 12 }} onClick={() => setSelected([])}>
          {MEMBER_USERS_TEXT.clear}
        </a>
      </span>
    </>
  );

  let toolbar: ReactNode = null;
  if (search?.kind === 'fields') {
    toolbar = (
      <>
        <Space wrap style={{ marginBottom: 12 }}>
          {search.fields.map((f) => (
            <Input
              key={f.name}
              placeholder={f.label}
              aria-label={f.label}
              value={typed[f.name] ?? ''}
              onChange={(e) => setTyped((t) => ({ ...t, [f.name]: e.target.value }))}
              style={{ width: 160 }}
            />
          ))}
          <Button type="primary" onClick={() => applySearch(typed)}>
            {search.searchText}
          </Button>
          <Button
            onClick={() => {
              setTyped(EMPTY);
              setFilters(EMPTY);
            }}
          >
            {search.resetText}
          </Button>
        </Space>
        {manageable && (
          <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
            {addButton}
            {toolbarExtra}
            {removeSelectedButton}
          </Space>
        )}
      </>
    );
  } else if (search?.kind === 'box' || batch || toolbarExtra) {
    toolbar = (
      <Space wrap style={{ marginBottom: 12 }}>
        {search && (
          <Input.Search
            allowClear
            placeholder={search.placeholder}
            value={typed.keyword ?? ''}
            onChange={(e) => setTyped({ keyword: e.target.value })}
            onSearch={(v) => applySearch({ keyword: v })}
            style={{ width: 220 }}
          />
        )}
        {manageable && addButton}
        {manageable && toolbarExtra}
        {removeSelectedButton}
      </Space>
    );
  } else if (manageable) {
    toolbar = <div style={{ marginBottom: 12 }}>{addButton}</div>;
  }

  return (
    <>
      {toolbar}
      <Table<UserRecord>
        rowKey="id"
        size="small"
        bordered
        columns={allColumns}
        dataSource={rows}
        loading={loading}
        rowSelection={batch ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total,
          ...(sizeChanger ? { showSizeChanger: true, pageSizeOptions: PICKER_PAGE.pageSizeOptions.map(String) } : {}),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
      {manageable && (
        <UserSelectModal
          open={picking}
          onCancel={() => setPicking(false)}
          onOk={(pick) => {
            setPicking(false);
            if (owner === null || pick.users.length === 0) return;
            void change(() => addUsers(pick.users.map((u) => u.id)), false);
          }}
        />
      )}
    </>
  );
}
