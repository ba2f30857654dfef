import { useEffect, useMemo, useState } from 'react';
import { fetchDepartTree, filterDepartTree, flattenDepartTree, type DepartTreeNode } from './picker-api';

/** The department tree for a picker, loaded each time the picker opens, with a name filter. */
export function useDepartTree(open: boolean) {
  const [tree, setTree] = useState<DepartTreeNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoading(true);
    setKeyword('');
    fetchDepartTree()
      .then((nodes) => active && setTree(nodes))
      .catch((error: unknown) => console.error('部门树加载失败', error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open]);
  const shown = useMemo(() => filterDepartTree(tree, keyword), [tree, keyword]);
  const all = useMemo(() => flattenDepartTree(tree), [tree]);
  // While filtering every match is shown opened; otherwise the tree starts fully expanded too (it is small).
  const expandedKeys = useMemo(() => flattenDepartTree(shown).map((n) => n.id), [shown]);
  return { tree: shown, all, loading, keyword, setKeyword, expandedKeys };
}

/** antd Tree data of department nodes, keyed by id. */
export function toTreeData(
  nodes: DepartTreeNode[],
): { key: string; title: string; children: ReturnType<typeof toTreeData> }[] {
  return nodes.map((n) => ({ key: n.id, title: n.title || n.departName, children: toTreeData(n.children ?? []) }));
}
