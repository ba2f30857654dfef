import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, App, Button, Card, Checkbox, Col, Drawer, Empty, Row, Space, Spin, Switch, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ApiResponse, PermissionTreeNode, PermissionTreeResult, RoleDataRuleResult } from '@district/shared';

export const GRANT_TREE_TEXT = {
  expandAll: '展开全部',
  collapseAll: '折叠全部',
  checkAll: '全选',
  checkNone: '取消全选',
  linked: '父子联动',
  save: '保存',
  cancel: '取消',
  rules: '数据规则',
  noRules: '该菜单没有数据规则',
  saveRules: '保存规则',
  ruleTag: '规则',
  /** Above the tree: what ticking a menu does, and what is left to the administrator. */
  menuHint:
    '勾选菜单会同时勾选它的查询（列表）权限，否则用户打开页面会提示缺少权限；新增、编辑、删除、导入、导出等按钮请按需勾选',
  listTicked: (names: string) => `已同时勾选${names}；新增、编辑、删除等按钮请按需勾选`,
} as const;

/** The list right among a menu's buttons (…:list): without it the menu's page refuses to open. */
function listButtonOf(node: PermissionTreeNode): PermissionTreeNode | undefined {
  return node.children?.find((c) => c.menuType === 2 && !c.disableCheckbox && c.perms?.endsWith(':list'));
}

/** Where a grant tree comes from and goes to: the one thing that differs between a role and a department role. */
export interface GrantTreeSource {
  /** The tree offered (with the keys to expand at first). */
  loadTree(): Promise<PermissionTreeResult>;
  /** The permission ids granted now. */
  loadGranted(): Promise<string[]>;
  /** Saves the grants; `last` is what was loaded or saved before, so the server can log the change. */
  save(checked: string[], last: string[]): Promise<ApiResponse>;
  loadRules(permissionId: string): Promise<RoleDataRuleResult>;
  saveRules(permissionId: string, ruleIds: string[]): Promise<ApiResponse>;
}

export interface GrantTreeDrawerProps {
  /**
   * The subject's loaders and savers: the drawer is open while it is set. Keep it stable per subject
   * (useMemo): a new source loads the tree again.
   */
  source: GrantTreeSource | null;
  title: string;
  size: number;
  /** Offer the 父子联动 switch (linked checking of parents and children). */
  linkable?: boolean;
  /** Shown instead of the tree when nothing can be granted; saving is then disabled. */
  emptyText?: string;
  /** Hint in the data-rule card before a menu is picked. */
  rulesHint: string;
  onClose: () => void;
}

function flatten(nodes: PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

function toTreeData(nodes: PermissionTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span>
        {n.slotTitle ?? n.title}
        {n.ruleFlag ? (
          <Tag color="blue" style={{ marginLeft: 6 }}>
            {GRANT_TREE_TEXT.ruleTag}
          </Tag>
        ) : null}
      </span>
    ),
    disableCheckbox: n.disableCheckbox,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

/**
 * 授权: a menu/button tree with the subject's grants, and the data rules of the picked menu. Independent
 * checking by default (a menu and its buttons are granted one by one); 父子联动, where offered, links parents
 * and children. Entries the caller does not hold come disabled and keep their state through 全选/取消全选.
 */
export function GrantTreeDrawer({
  source,
  title,
  size,
  linkable = false,
  emptyText,
  rulesHint,
  onClose,
}: GrantTreeDrawerProps) {
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermissionTreeNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [linked, setLinked] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<PermissionTreeNode | null>(null);
  const [rules, setRules] = useState<RoleDataRuleResult | null>(null);
  const [chosenRules, setChosenRules] = useState<string[]>([]);
  const all = useMemo(() => flatten(tree), [tree]);
  const parents = useMemo(() => new Set(all.filter((n) => n.children?.length).map((n) => n.key)), [all]);

  useEffect(() => {
    if (!source) return;
    let active = true;
    setLoading(true);
    setRuleNode(null);
    setRules(null);
    setLinked(false);
    Promise.all([source.loadTree(), source.loadGranted()])
      .then(([t, ids]) => {
        if (!active) return;
        setTree(t.treeList);
        setExpanded(t.ids);
        setChecked(ids);
        setLast(ids);
      })
      .catch(() => undefined)
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [source]);

  const lockedChecked = () => all.filter((n) => n.disableCheckbox && checked.includes(n.key)).map((n) => n.key);

  const onCheck = (keys: Key[] | { checked: Key[]; halfChecked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    if (Array.isArray(keys)) {
      // Linked: a parent with some children granted is granted too, so its menu shows.
      setChecked([...new Set([...keys, ...(info.halfCheckedKeys ?? [])].map(String))]);
      return;
    }
    const next = keys.checked.map(String);
    // A menu ticked on its own brings its list right: a menu without it opens on 缺少权限 (a generated online
    // menu's buttons are separate entries). The other buttons stay the administrator's choice.
    const added: string[] = [];
    for (const key of next) {
      if (checked.includes(key)) continue;
      const node = all.find((n) => n.key === key);
      const list = node && node.menuType !== 2 ? listButtonOf(node) : undefined;
      if (list && !next.includes(list.key) && !added.includes(list.key)) {
        added.push(list.key);
        void message.info(GRANT_TREE_TEXT.listTicked(`“${node!.title} · ${list.title}”（${list.perms}）`));
      }
    }
    setChecked([...next, ...added]);
  };

  const showRules = async (node: PermissionTreeNode) => {
    setRuleNode(node);
    setRules(null);
    if (!node.ruleFlag || !source) return;
    try {
      const result = await source.loadRules(node.key);
      setRules(result);
      setChosenRules(result.drChecked ? result.drChecked.split(',') : []);
    } catch {
      // The request layer shows the server's message.
    }
  };

  const save = async () => {
    if (!source) return;
    setSaving(true);
    try {
      const res = await source.save(checked, last);
      message.success(res.message);
      setLast(checked);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const saveRules = async () => {
    if (!ruleNode || !source) return;
    try {
      const res = await source.saveRules(ruleNode.key, chosenRules);
      message.success(res.message);
    } catch {
      // The request layer shows the server's message.
    }
  };

  const empty = emptyText !== undefined && !loading && tree.length === 0;

  return (
    <Drawer
      open={source !== null}
      title={title}
      size={size}
      onClose={onClose}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{GRANT_TREE_TEXT.cancel}</Button>
          <Button type="primary" loading={saving} disabled={empty} onClick={() => void save()}>
            {GRANT_TREE_TEXT.save}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {empty ? (
          <Empty description={emptyText} />
        ) : (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <Button size="small" onClick={() => setExpanded(all.map((n) => n.key))}>
                {GRANT_TREE_TEXT.expandAll}
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                {GRANT_TREE_TEXT.collapseAll}
              </Button>
              <Button
                size="small"
                onClick={() =>
                  setChecked([
                    ...new Set([...all.filter((n) => !n.disableCheckbox).map((n) => n.key), ...lockedChecked()]),
                  ])
                }
              >
                {GRANT_TREE_TEXT.checkAll}
              </Button>
              <Button size="small" onClick={() => setChecked(lockedChecked())}>
                {GRANT_TREE_TEXT.checkNone}
              </Button>
              {linkable && (
                <span>
                  <Switch size="small" checked={linked} onChange={setLinked} aria-label={GRANT_TREE_TEXT.linked} />{' '}
                  {GRANT_TREE_TEXT.linked}
                </span>
              )}
            </Space>
            <Alert type="info" showIcon title={GRANT_TREE_TEXT.menuHint} style={{ marginBottom: 12 }} />
            <Row gutter={12}>
              <Col span={14}>
                <Tree
                  checkable
                  blockNode
                  checkStrictly={!linked}
                  expandedKeys={expanded}
                  onExpand={setExpanded}
                  // In linked mode parents follow their children, so only leaves are passed in.
                  checkedKeys={linked ? checked.filter((k) => !parents.has(k)) : { checked, halfChecked: [] }}
                  onCheck={onCheck}
                  selectedKeys={ruleNode ? [ruleNode.key] : []}
                  onSelect={(_keys, info) => {
                    const node = all.find((n) => n.key === String(info.node.key));
                    if (node) void showRules(node);
                  }}
                  treeData={toTreeData(tree)}
                />
              </Col>
              <Col span={10}>
                <Card size="small" title={GRANT_TREE_TEXT.rules}>
                  {!ruleNode && <span style={{ color: '#999' }}>{rulesHint}</span>}
                  {ruleNode && !ruleNode.ruleFlag && (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={GRANT_TREE_TEXT.noRules} />
                  )}
                  {ruleNode && rules && (
                    <>
                      <div style={{ marginBottom: 8, fontWeight: 500 }}>{ruleNode.title}</div>
                      <Checkbox.Group
                        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                        value={chosenRules}
                        onChange={(v) => setChosenRules(v.map(String))}
                        options={rules.datarule.map((r) => ({ value: r.id, label: r.ruleName }))}
                      />
                      <Button type="primary" size="small" style={{ marginTop: 12 }} onClick={() => void saveRules()}>
                        {GRANT_TREE_TEXT.saveRules}
                      </Button>
                    </>
                  )}
                </Card>
              </Col>
            </Row>
          </>
        )}
      </Spin>
    </Drawer>
  );
}
