import { useEffect, useMemo, useState, type Key } from 'react';
import { App, Button, Card, Checkbox, Col, Drawer, Empty, Row, Space, Spin, Switch, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { PermissionTreeNode, RoleDataRuleResult, RoleRecord } from '@district/shared';
import {
  fetchPermissionTree,
  fetchRoleDataRules,
  fetchRolePermissionIds,
  saveRoleDataRules,
  saveRolePermissions,
} from '../api/role-api';

export const ROLE_AUTH_TEXT = {
  title: (name: string) => `角色权限配置：${name}`,
  expandAll: '展开全部',
  collapseAll: '折叠全部',
  checkAll: '全选',
  checkNone: '取消全选',
  linked: '父子联动',
  save: '保存',
  cancel: '取消',
  rules: '数据规则',
  rulesHint: '点击有数据规则的菜单（带“规则”标记）设置本角色的数据范围',
  noRules: '该菜单没有数据规则',
  saveRules: '保存规则',
  ruleTag: '规则',
} as const;

export interface RoleAuthDrawerProps {
  role: RoleRecord | null;
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
            {ROLE_AUTH_TEXT.ruleTag}
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
 * 授权: the menu/button tree with the role's grants. Independent checking by default (a menu and its buttons
 * are granted one by one); 父子联动 links parents and children. Clicking a menu with data rules shows them.
 */
export function RoleAuthDrawer({ role, onClose }: RoleAuthDrawerProps) {
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
    if (!role) return;
    let active = true;
    setLoading(true);
    setRuleNode(null);
    setRules(null);
    setLinked(false);
    Promise.all([fetchPermissionTree(), fetchRolePermissionIds(role.id)])
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
  }, [role]);

  const disabledChecked = () => all.filter((n) => n.disableCheckbox && checked.includes(n.key)).map((n) => n.key);

  const onCheck = (keys: Key[] | { checked: Key[]; halfChecked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    if (Array.isArray(keys)) {
      // Linked: a parent with some children granted is granted too, so its menu shows.
      setChecked([...new Set([...keys, ...(info.halfCheckedKeys ?? [])].map(String))]);
    } else {
      setChecked(keys.checked.map(String));
    }
  };

  const showRules = async (node: PermissionTreeNode) => {
    if (!role) return;
    setRuleNode(node);
    setRules(null);
    if (!node.ruleFlag) return;
    try {
      const result = await fetchRoleDataRules(node.key, role.id);
      setRules(result);
      setChosenRules(result.drChecked ? result.drChecked.split(',') : []);
    } catch {
      // The request layer shows the server's message.
    }
  };

  const save = async (close: boolean) => {
    if (!role) return;
    setSaving(true);
    try {
      const res = await saveRolePermissions(role.id, checked, last);
      message.success(res.message);
      setLast(checked);
      if (close) onClose();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const saveRules = async () => {
    if (!role || !ruleNode) return;
    try {
      const res = await saveRoleDataRules(ruleNode.key, role.id, chosenRules);
      message.success(res.message);
    } catch {
      // The request layer shows the server's message.
    }
  };

  return (
    <Drawer
      open={role !== null}
      title={role ? ROLE_AUTH_TEXT.title(role.roleName) : ''}
      size={860}
      onClose={onClose}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{ROLE_AUTH_TEXT.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void save(false)}>
            {ROLE_AUTH_TEXT.save}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button size="small" onClick={() => setExpanded(all.map((n) => n.key))}>
            {ROLE_AUTH_TEXT.expandAll}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {ROLE_AUTH_TEXT.collapseAll}
          </Button>
          <Button
            size="small"
            onClick={() =>
              setChecked([
                ...new Set([...all.filter((n) => !n.disableCheckbox).map((n) => n.key), ...disabledChecked()]),
              ])
            }
          >
            {ROLE_AUTH_TEXT.checkAll}
          </Button>
          <Button size="small" onClick={() => setChecked(disabledChecked())}>
            {ROLE_AUTH_TEXT.checkNone}
          </Button>
          <span>
            <Switch size="small" checked={linked} onChange={setLinked} aria-label={ROLE_AUTH_TEXT.linked} />{' '}
            {ROLE_AUTH_TEXT.linked}
          </span>
        </Space>
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
            <Card size="small" title={ROLE_AUTH_TEXT.rules}>
              {!ruleNode && <span style={{ color: '#999' }}>{ROLE_AUTH_TEXT.rulesHint}</span>}
              {ruleNode && !ruleNode.ruleFlag && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ROLE_AUTH_TEXT.noRules} />
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
                    {ROLE_AUTH_TEXT.saveRules}
                  </Button>
                </>
              )}
            </Card>
          </Col>
        </Row>
      </Spin>
    </Drawer>
  );
}
