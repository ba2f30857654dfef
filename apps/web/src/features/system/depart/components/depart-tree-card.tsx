import { useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
  const [keyword, setKeyword] = useState('');
  const word = keyword.trim();
  const tree = useQuery({
    queryKey: ['system', 'depart', 'tree', word, reloadKey],
    queryFn: () => (word ? searchDeparts(word) : fetchDepartTree()),
    // A reload keeps the tree shown until the new one arrives.
    placeholderData: keepPreviousData,
  });
  // null while loading; a failure shows no department.
  const nodes = tree.isError ? [] : (tree.data ?? null);
  // Each tree arrives fully expanded; the user's folding holds until the next one.
  const [folded, setFolded] = useState<{ of: DepartTreeNode[]; keys: Key[] } | null>(null);
  const expanded = nodes && folded?.of === nodes ? folded.keys : nodes ? flatten(nodes).map((n) => n.id) : [];

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
        onExpand={(keys) => nodes && setFolded({ of: nodes, keys })}
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
