import { useEffect, useState, type Key } from 'react';
import { Button, Col, Empty, Input, Modal, Row, Space, Spin, Table, Tree, type TableColumnsType } from 'antd';
import { MODAL_WIDTH, PICKER_PAGE, encodeFilter } from '@district/shared';
import { fetchDictLabels } from '@/components/dict/dict-api';
import { USER_NAME_DICT, fetchUsers, fetchUsersByDepart, type PickerUser, type UserAnswer } from './picker-api';
import { toTreeData, useDepartTree } from './use-depart-tree';

export interface UserPick {
  usernames: string[];
  realnames: string[];
  users: PickerUser[];
}

export interface UserSelectModalProps {
  open: boolean;
  /** Several users (default) or one. */
  multiple?: boolean;
  /** Usernames selected when the modal opens. */
  value?: readonly string[];
  title?: string;
  width?: number;
  onOk: (pick: UserPick) => void;
  onCancel: () => void;
}

const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };

const COLUMNS: TableColumnsType<PickerUser> = [
  { title: '用户账号', dataIndex: 'username', width: 160 },
  { title: '用户姓名', dataIndex: 'realname', width: 160 },
  { title: '性别', dataIndex: 'sex', width: 80, render: (sex: PickerUser['sex']) => SEX_TEXT[String(sex ?? '')] ?? '' },
  { title: '手机号码', dataIndex: 'phone', width: 160 },
  { title: '部门', dataIndex: 'orgCodeTxt' },
];

interface Query {
  departId: string | null;
  username: string;
  pageNo: number;
  pageSize: number;
}

/** A page of users from either answer shape: a plain list (paged here) or a server page. */
function pageOf(answer: UserAnswer | null, q: Query, filterHere: boolean): { rows: PickerUser[]; total: number } {
  if (!answer) return { rows: [], total: 0 };
  if (Array.isArray(answer)) {
    const needle = q.username.trim().toLowerCase();
    const list = filterHere && needle ? answer.filter((u) => u.username.toLowerCase().includes(needle)) : answer;
    const start = (q.pageNo - 1) * q.pageSize;
    return { rows: list.slice(start, start + q.pageSize), total: list.length };
  }
  return { rows: answer.records ?? [], total: answer.total ?? 0 };
}

/** Departments on the left, the chosen department's users on the right; picks users by username. */
export function UserSelectModal({
  open,
  multiple = true,
  value,
  title = '选择用户',
  width = MODAL_WIDTH.userByDepart,
  onOk,
  onCancel,
}: UserSelectModalProps) {
  const departs = useDepartTree(open);
  const [query, setQuery] = useState<Query>({
    departId: null,
    username: '',
    pageNo: 1,
    pageSize: PICKER_PAGE.pageSize,
  });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState<{ rows: PickerUser[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  // Picks survive paging and department changes: username → user.
  const [picked, setPicked] = useState<Map<string, PickerUser>>(new Map());

  const valueKey = (value ?? []).join(',');
  useEffect(() => {
    if (!open) return;
    const initial = valueKey ? valueKey.split(',') : [];
    setPicked(new Map(initial.map((u) => [u, { id: u, username: u, realname: u }])));
    setQuery({ departId: null, username: '', pageNo: 1, pageSize: PICKER_PAGE.pageSize });
    setTyped('');
    if (initial.length === 0) return;
    let active = true;
    // Users picked earlier may sit on another page: their names come from the user dictionary.
    fetchDictLabels(USER_NAME_DICT, initial)
      .then((names) => {
        if (!active) return;
        setPicked((current) => {
          const next = new Map(current);
          initial.forEach((u, i) => {
            const user = next.get(u);
            if (user && user.id === u && user.realname === u) next.set(u, { ...user, realname: names[i] ?? u });
          });
          return next;
        });
      })
      .catch((error: unknown) => console.error('用户姓名加载失败', error));
    return () => {
      active = false;
    };
  }, [open, valueKey]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoading(true);
    const request = query.departId
      ? fetchUsersByDepart(query.departId)
      : fetchUsers({
          ...(query.username.trim() ? { username: encodeFilter(query.username, 'like', true) } : {}),
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        });
    request
      .then((answer) => active && setPage(pageOf(answer, query, Boolean(query.departId))))
      .catch((error: unknown) => console.error('用户列表加载失败', error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, query]);

  // Users shown on the page replace their placeholders, so the names are right when confirmed.
  useEffect(() => {
    setPicked((current) => {
      let changed = false;
      const next = new Map(current);
      for (const u of page.rows) {
        if (next.has(u.username) && next.get(u.username) !== u) {
          next.set(u.username, u);
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [page]);

  const select = (keys: Key[]) => {
    const onPage = new Map(page.rows.map((u) => [u.username, u]));
    setPicked((current) => {
      const next = multiple ? new Map(current) : new Map<string, PickerUser>();
      if (multiple) for (const u of page.rows) next.delete(u.username);
      for (const k of keys) {
        const user = onPage.get(String(k)) ?? current.get(String(k));
        if (user) next.set(user.username, user);
      }
      return next;
    });
  };

  const confirm = () => {
    const users = [...picked.values()];
    onOk({ usernames: users.map((u) => u.username), realnames: users.map((u) => u.realname), users });
  };

  return (
    <Modal open={open} title={title} width={width} onOk={confirm} onCancel={onCancel} destroyOnHidden>
      <Row gutter={16}>
        <Col span={6}>
          <Input.Search
            placeholder="请输入部门名称"
            allowClear
            value={departs.keyword}
            onChange={(e) => departs.setKeyword(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={departs.loading}>
            {departs.tree.length === 0 && !departs.loading ? (
              <Empty />
            ) : (
              <Tree
                blockNode
                expandedKeys={departs.expandedKeys}
                selectedKeys={query.departId ? [query.departId] : []}
                treeData={toTreeData(departs.tree)}
                onSelect={(keys) => setQuery((q) => ({ ...q, departId: keys[0] ? String(keys[0]) : null, pageNo: 1 }))}
                style={{ maxHeight: 500, overflow: 'auto' }}
              />
            )}
          </Spin>
        </Col>
        <Col span={18}>
          <Space style={{ marginBottom: 8 }}>
            <Input
              placeholder="请输入用户账号"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onPressEnter={() => setQuery((q) => ({ ...q, username: typed, pageNo: 1 }))}
              style={{ width: 240 }}
            />
            <Button type="primary" onClick={() => setQuery((q) => ({ ...q, username: typed, pageNo: 1 }))}>
              查询
            </Button>
            <Button
              onClick={() => {
                setTyped('');
                setQuery((q) => ({ ...q, departId: null, username: '', pageNo: 1 }));
              }}
            >
              重置
            </Button>
          </Space>
          <Table<PickerUser>
            size="small"
            rowKey="username"
            loading={loading}
            columns={COLUMNS}
            dataSource={page.rows}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: [...picked.keys()],
              preserveSelectedRowKeys: true,
              onChange: select,
            }}
            pagination={{
              current: query.pageNo,
              pageSize: query.pageSize,
              total: page.total,
              pageSizeOptions: PICKER_PAGE.pageSizeOptions.map(String),
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
              onChange: (pageNo, pageSize) =>
                setQuery((q) => ({ ...q, pageNo: pageSize === q.pageSize ? pageNo : 1, pageSize })),
            }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
