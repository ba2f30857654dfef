import { useEffect, useMemo, useState, type Key } from 'react';
import { App, Button, Card, Checkbox, Col, Drawer, Empty, Row, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { DepartRoleRecord, PermissionTreeNode, RoleDataRuleResult } from '@district/shared';
import {
  fetchDeptRoleDataRules,
  fetchDeptRolePermissionIds,
  fetchDeptRoleTree,
  saveDeptRoleDataRules,
  saveDeptRolePermissions,
} from '../api/depart-api';

export const DEPART_ROLE_AUTH_TEXT = {
  title: (name: string) => `部门角色授权：${name}`,
  noGrants: '本部门尚未获得任何权限，请先在部门授权中授予',
  checkAll: '全选',
  checkNone: '取消全选',
  save: '保存',
  cancel: '取消',
  rules: '数据规则',
  rulesHint: '点击带“规则”标记的菜单，设置本部门角色的数据范围',
  noRules: '该菜单没有数据规则',
  saveRules: '保存规则',
  ruleTag: '规则',
} as const;

export interface DepartRoleAuthDrawerProps {
  role: DepartRoleRecord | null;
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
            {DEPART_ROLE_AUTH_TEXT.ruleTag}
          </Tag>
        ) : null}
      </span>
    ),
    disableCheckbox: n.disableCheckbox,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

/**
 * 授权 of a department role: only what the department was granted is offered (entries the caller does not
 * hold are disabled); each menu with data rules can have the role's rules chosen.
 */
export function DepartRoleAuthDrawer({ role, onClose }: DepartRoleAuthDrawerProps) {
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermissionTreeNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<PermissionTreeNode | null>(null);
  const [rules, setRules] = useState<RoleDataRuleResult | null>(null);
  const [chosenRules, setChosenRules] = useState<string[]>([]);
  const all = useMemo(() => flatten(tree), [tree]);

  useEffect(() => {
    if (!role) return;
    let active = true;
    setLoading(true);
    setRuleNode(null);
    setRules(null);
    Promise.all([fetchDeptRoleTree(role.departId), fetchDeptRolePermissionIds(role.id)])
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

  const lockedChecked = () => all.filter((n) => n.disableCheckbox && checked.includes(n.key)).map((n) => n.key);

  const showRules = async (node: PermissionTreeNode) => {
    if (!role) return;
    setRuleNode(node);
    setRules(null);
    if (!node.ruleFlag) return;
    try {
      const result = await fetchDeptRoleDataRules(node.key, role.departId, role.id);
      setRules(result);
      setChosenRules(result.drChecked ? result.drChecked.split(',') : []);
    } catch {
      // The request layer shows the server's message.
    }
  };

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      const res = await saveDeptRolePermissions(role.id, checked, last);
      message.success(res.message);
      setLast(checked);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const saveRules = async () => {
    if (!role || !ruleNode) return;
    try {
      const res = await saveDeptRoleDataRules(ruleNode.key, role.departId, role.id, chosenRules);
      message.success(res.message);
    } catch {
      // The request layer shows the server's message.
    }
  };

  return (
    <Drawer
      open={role !== null}
      title={role ? DEPART_ROLE_AUTH_TEXT.title(role.roleName) : ''}
      size={820}
      onClose={onClose}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{DEPART_ROLE_AUTH_TEXT.cancel}</Button>
          <Button type="primary" loading={saving} disabled={tree.length === 0} onClick={() => void save()}>
            {DEPART_ROLE_AUTH_TEXT.save}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {!loading && tree.length === 0 ? (
          <Empty description={DEPART_ROLE_AUTH_TEXT.noGrants} />
        ) : (
          <>
            <Space style={{ marginBottom: 12 }}>
              <Button
                size="small"
                onClick={() =>
                  setChecked([
                    ...new Set([...all.filter((n) => !n.disableCheckbox).map((n) => n.key), ...lockedChecked()]),
                  ])
                }
              >
                {DEPART_ROLE_AUTH_TEXT.checkAll}
              </Button>
              <Button size="small" onClick={() => setChecked(lockedChecked())}>
                {DEPART_ROLE_AUTH_TEXT.checkNone}
              </Button>
            </Space>
            <Row gutter={12}>
              <Col span={14}>
                <Tree
                  checkable
                  blockNode
                  checkStrictly
                  expandedKeys={expanded}
                  onExpand={setExpanded}
                  checkedKeys={{ checked, halfChecked: [] }}
                  onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                  selectedKeys={ruleNode ? [ruleNode.key] : []}
                  onSelect={(_keys, info) => {
                    const node = all.find((n) => n.key === String(info.node.key));
                    if (node) void showRules(node);
                  }}
                  treeData={toTreeData(tree)}
                />
              </Col>
              <Col span={10}>
                <Card size="small" title={DEPART_ROLE_AUTH_TEXT.rules}>
                  {!ruleNode && <span style={{ color: '#999' }}>{DEPART_ROLE_AUTH_TEXT.rulesHint}</span>}
                  {ruleNode && !ruleNode.ruleFlag && (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DEPART_ROLE_AUTH_TEXT.noRules} />
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
                        {DEPART_ROLE_AUTH_TEXT.saveRules}
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
