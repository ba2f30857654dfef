import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import { filterDepartTree, flattenDepartTree, type DepartTreeNode } from '@/components/pickers/picker-api';
import { toTreeData } from '@/components/pickers/use-depart-tree';
import { fetchDepartTree } from '../api/user-api';

export const DEPART_TREE_TEXT = {
  title: '组织机构',
  search: '搜索部门',
  unavailable: '部门数据暂不可用，显示全部用户',
  empty: '暂无部门',
} as const;

export interface DepartTreePanelProps {
  /** The chosen department id, or null for every user. */
  value: string | null;
  onChange: (departId: string | null) => void;
}

/** The tree as the panel shows it (ids as keys, names as titles), or null when it is not available. */
async function loadTree(): Promise<DepartTreeNode[] | null> {
  const nodes = await fetchDepartTree();
  return nodes === null
    ? null
    : nodes.map(function norm(n): DepartTreeNode {
        return {
          id: n.id,
          key: n.key ?? n.id,
          title: n.title ?? n.departName ?? '',
          departName: n.departName ?? n.title ?? '',
          children: (n.children ?? []).map(norm),
        };
      });
}

/** The department tree beside the user list; choosing a node filters the list, choosing it again clears. */
export function DepartTreePanel({ value, onChange }: DepartTreePanelProps) {
  // undefined while loading, null when the tree is not available.
  const { data: tree } = useQuery({ queryKey: ['system', 'user', 'depart-tree'], queryFn: loadTree });
  const [keyword, setKeyword] = useState('');

  const shown = useMemo(() => filterDepartTree(tree ?? [], keyword), [tree, keyword]);
  const expandedKeys = useMemo(() => flattenDepartTree(shown).map((n) => n.id), [shown]);

  let body;
  if (tree === undefined) body = <Spin />;
  else if (tree === null)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DEPART_TREE_TEXT.unavailable} />;
  else if (tree.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DEPART_TREE_TEXT.empty} />;
  else
    body = (
      <Tree
        blockNode
        expandedKeys={expandedKeys}
        selectedKeys={value ? [value] : []}
        treeData={toTreeData(shown)}
        onSelect={(keys) => onChange(keys.length ? String(keys[0]) : null)}
      />
    );

  return (
    <Card size="small" title={DEPART_TREE_TEXT.title}>
      <Input.Search
        allowClear
        placeholder={DEPART_TREE_TEXT.search}
        style={{ marginBottom: 8 }}
        onChange={(e) => setKeyword(e.target.value)}
      />
      {body}
    </Card>
  );
}
