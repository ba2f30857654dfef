import { useEffect, useEffectEvent, useMemo, useState, type CSSProperties } from 'react';
import { App, TreeSelect } from 'antd';
import { CATEGORY_MESSAGES, type CategoryNode } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { loadCategoryChildren, loadCategoryNames, loadCategoryRoots } from './category-api';

export interface CategorySelectProps {
  /** Chosen category ids, comma-separated. */
  value?: string | null;
  /** The new ids (comma-separated) and their names (comma-separated, same order). */
  onChange?: (value: string, labels: string) => void;
  /** Code of the category whose children are the roots; '0' is the top of the tree. */
  pcode?: string;
  /** JSON object string narrowing the nodes (loadTreeData's condition). */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** A condition must be a JSON object string (widgets-spec §5). */
export function isConditionValid(condition: string | undefined): boolean {
  if (condition === undefined || condition === '') return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const ROOT = '__category_root__';
const isLeaf = (leaf: CategoryNode['leaf']) => leaf === true || leaf === 1 || leaf === '1';
const splitIds = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

function flatten(nodes: CategoryNode[], parent: string): FlatNode[] {
  return nodes.map((n) => ({
    id: String(n.value ?? n.key),
    pId: parent,
    value: String(n.value ?? n.key),
    title: n.title,
    isLeaf: isLeaf(n.leaf),
  }));
}

/** Category tree select: lazy children over /sys/category/*, names of stored ids back-filled. */
export function CategorySelect({
  value,
  onChange,
  pcode = '0',
  condition,
  multiple = false,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  style,
  id,
}: CategorySelectProps) {
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<FlatNode[]>([]);
  // Names of ids not (yet) in the loaded tree, from loadDictItem.
  const [names, setNames] = useState<Record<string, string>>({});
  const conditionValid = isConditionValid(condition);
  const ids = useMemo(() => splitIds(value), [value]);

  const loadRoots = useEffectEvent((isActive: () => boolean) => {
    if (!conditionValid) {
      message.error(CATEGORY_MESSAGES.badCondition);
      setNodes([]);
      return;
    }
    loadCategoryRoots(pcode, condition || undefined)
      .then((roots) => isActive() && setNodes(flatten(roots, ROOT)))
      .catch((error: unknown) => isActive() && message.error(errorMessage(error, '加载分类失败')));
  });

  useEffect(() => {
    let active = true;
    loadRoots(() => active);
    return () => {
      active = false;
    };
  }, [pcode, condition]);

  const labelOf = (key: string) => nodes.find((n) => n.value === key)?.title ?? names[key];

  const backFill = useEffectEvent((isActive: () => boolean) => {
    const missing = ids.filter((key) => labelOf(key) === undefined);
    if (!missing.length) return;
    loadCategoryNames(missing)
      .then((found) => {
        if (!isActive()) return;
        setNames((prev) => {
          const next = { ...prev };
          missing.forEach((key, i) => (next[key] = found[i] || key));
          return next;
        });
      })
      .catch(() => undefined);
  });

  useEffect(() => {
    let active = true;
    backFill(() => active);
    return () => {
      active = false;
    };
  }, [ids]);

  const loadData = async ({ value: parent }: { value?: string | number }) => {
    const pid = String(parent);
    try {
      const children = await loadCategoryChildren(pid, pcode, condition || undefined);
      setNodes((prev) => {
        const known = new Set(prev.map((n) => n.id));
        // A node without children becomes a leaf (widgets-spec §4).
        const updated = children.length ? prev : prev.map((n) => (n.id === pid ? { ...n, isLeaf: true } : n));
        return [...updated, ...flatten(children, pid).filter((n) => !known.has(n.id))];
      });
    } catch (error) {
      message.error(errorMessage(error, '加载分类失败'));
    }
  };

  const labelled = ids.map((key) => ({ value: key, label: labelOf(key) ?? key }));
  const emit = (chosen: { value: string; label?: unknown }[]) => {
    const keys = chosen.map((c) => String(c.value));
    onChange?.(
      keys.join(','),
      keys.map((k) => labelOf(k) ?? String(chosen.find((c) => c.value === k)?.label ?? k)).join(','),
    );
  };

  return (
    <TreeSelect
      id={id}
      className="category-select"
      style={{ width: '100%', ...style }}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT }}
      treeData={nodes}
      loadData={loadData}
      labelInValue
      value={multiple ? labelled : labelled[0]}
      multiple={multiple}
      maxTagCount={2}
      listHeight={400}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      onChange={(next: { value: string; label?: unknown } | { value: string; label?: unknown }[] | undefined) =>
        emit(Array.isArray(next) ? next : next ? [next] : [])
      }
    />
  );
}
