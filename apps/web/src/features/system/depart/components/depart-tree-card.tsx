import { useEffect, useState, type ReactNode } from 'react';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { DepartTreeNode } from '@district/shared';
import { fetchDepartTree, searchDeparts } from '../api/depart-api';

export const DEPART_TREE_CARD_TEXT = {
  title: '组织机构',
  search: '按部门名称搜索',
  empty: '暂无部门',
  noMatch: '未查询到部门信息',
} as const;

export interface DepartTreeCardProps {
  selectedId: string | null;
  onSelect: (node: DepartTreeNode | null) => void;
  /** Changing it reloads the tree (after an add, edit or delete). */
  reloadKey?: number;
  extra?: ReactNode;
}

function toData(nodes: DepartTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.title,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toData(n.children) : undefined,
  }));
}

function flatten(nodes: DepartTreeNode[]): DepartTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** The department tree of the three department screens; the search asks the server (searchBy). */
export function DepartTreeCard({ selectedId, onSelect, reloadKey = 0, extra }: DepartTreeCardProps) {
  const [nodes, setNodes] = useState<DepartTreeNode[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  useEffect(() => {
    let active = true;
    const load = keyword.trim() ? searchDeparts(keyword.trim()) : fetchDepartTree();
    load
      .then((result) => {
        if (!active) return;
        setNodes(result);
        setExpanded(flatten(result).map((n) => n.id));
      })
      .catch(() => active && setNodes([]));
    return () => {
      active = false;
    };
  }, [keyword, reloadKey]);

  const all = nodes ? flatten(nodes) : [];
  let body: ReactNode;
  if (nodes === null) body = <Spin />;
  else if (nodes.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={keyword.trim() ? DEPART_TREE_CARD_TEXT.noMatch : DEPART_TREE_CARD_TEXT.empty}
      />
    );
  else
    body = (
      <Tree
        blockNode
        expandedKeys={expanded}
        onExpand={setExpanded}
        selectedKeys={selectedId ? [selectedId] : []}
        treeData={toData(nodes)}
        onSelect={(keys) => onSelect(all.find((n) => n.id === String(keys[0])) ?? null)}
      />
    );

  return (
    <Card size="small" title={DEPART_TREE_CARD_TEXT.title} extra={extra}>
      <Input.Search
        allowClear
        placeholder={DEPART_TREE_CARD_TEXT.search}
        style={{ marginBottom: 8 }}
        onSearch={(v) => setKeyword(v)}
      />
      {body}
    </Card>
  );
}
