import { useEffect, useState, type CSSProperties } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import type { ApiResponse } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { getAction } from '@/lib/request';
import { DICT_API, fetchDictLabels, splitValue } from '@/components/dict/dict-api';

export const TREE_SELECT_MSG = {
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
} as const;
/** widgets-spec §9: at most 2 tags shown, dropdown at most 400px high. */
export const TREE_SELECT_MAX_TAGS = 2;
export const TREE_DROPDOWN_MAX_HEIGHT = 400;

/** A node as loadTreeData answers it (leaf: true / 1 / '1' for a leaf). */
export interface TreeDataNode {
  key: string;
  value: string;
  title: string;
  leaf: boolean | number | string;
  parentId?: string | null;
}

export interface JTreeSelectProps {
  /** A registered table dictionary `table,text,code`. */
  dict: string;
  /** The parent column (as registered on the server). */
  pidField?: string;
  /** Parent of the top level ('' = the table's roots). */
  pidValue?: string;
  /** The stored "has children" column, when the table keeps one. */
  hasChildField?: string;
  /** Extra filter: a JSON object string of field → value. */
  condition?: string;
  multiple?: boolean;
  maxTagCount?: number;
  /** One value, or several joined with commas. */
  value?: string | null;
  /** Emits the value(s) comma-joined; undefined once cleared. */
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const ROOT = '__root__';

/** The condition must be a JSON object string (widgets-spec §5); empty means none. */
export function isValidCondition(condition: string | undefined): boolean {
  if (!condition) return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

const isLeaf = (leaf: TreeDataNode['leaf']) => leaf === true || leaf === 1 || leaf === '1';

/** A tree dropdown over a registered table dictionary whose levels load as they are expanded. */
export function JTreeSelect({
  dict,
  pidField = 'pid',
  pidValue = '',
  hasChildField = '',
  condition = '',
  multiple = false,
  maxTagCount = TREE_SELECT_MAX_TAGS,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  id,
  style,
  className,
}: JTreeSelectProps) {
  const [nodes, setNodes] = useState<FlatNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [tableName = '', text = '', code = ''] = dict.split(',');
  const conditionOk = isValidCondition(condition);
  const selected = splitValue(value);

  const fetchLevel = async (pid: string, parent: string): Promise<FlatNode[]> => {
    const res: ApiResponse<TreeDataNode[]> = await getAction(DICT_API.loadTreeData, {
      pid,
      tableName,
      text,
      code,
      pidField,
      hasChildField,
      condition,
    });
    if (!res.success) {
      feedback.message.warning(res.message);
      return [];
    }
    return (res.result ?? []).map((n) => ({
      id: String(n.key),
      pId: parent,
      value: String(n.value),
      title: n.title,
      isLeaf: isLeaf(n.leaf),
    }));
  };

  useEffect(() => {
    setNodes([]);
    if (!conditionOk) {
      feedback.message.error(TREE_SELECT_MSG.badCondition);
      return;
    }
    let active = true;
    fetchLevel(pidValue, ROOT)
      .then((roots) => active && setNodes(roots))
      .catch((error: unknown) => console.error('树形数据加载失败', error));
    return () => {
      active = false;
    };
    // fetchLevel reads only these inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, pidField, pidValue, hasChildField, condition, conditionOk]);

  // Labels of values whose nodes are not loaded (yet): asked for once through loadDictItem.
  const unknown = selected.filter((v) => !nodes.some((n) => n.value === v) && !(v in labels));
  const unknownKey = unknown.join(',');
  useEffect(() => {
    if (!unknownKey || !conditionOk) return;
    let active = true;
    const keys = unknownKey.split(',');
    fetchDictLabels(dict, keys)
      .then((found) => {
        if (!active) return;
        setLabels((l) => ({ ...l, ...Object.fromEntries(keys.map((k, i) => [k, found[i] ?? k])) }));
      })
      .catch((error: unknown) => console.error(`字典 ${dict} 加载失败`, error));
    return () => {
      active = false;
    };
  }, [dict, unknownKey, conditionOk]);

  const labelOf = (v: string) => nodes.find((n) => n.value === v)?.title ?? labels[v] ?? v;
  const labelled = selected.map((v) => ({ value: v, label: labelOf(v) }));

  const loadData: NonNullable<TreeSelectProps['loadData']> = async (node) => {
    // Simple-mode nodes keep their own fields: id is the row id the children point at.
    const parent = String((node as { id?: unknown }).id);
    if (nodes.some((n) => n.pId === parent)) return;
    const children = await fetchLevel(parent, parent);
    setNodes((all) => {
      const next = all.filter((n) => n.pId !== parent);
      // A node that turns out to have no children becomes a leaf (widgets-spec §4).
      if (children.length === 0) return next.map((n) => (n.id === parent ? { ...n, isLeaf: true } : n));
      return [...next, ...children];
    });
  };

  return (
    <TreeSelect
      id={id}
      value={multiple ? labelled : labelled[0]}
      labelInValue
      multiple={multiple}
      maxTagCount={maxTagCount}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      style={{ minWidth: 160, ...style }}
      className={className}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT }}
      treeData={nodes}
      loadData={loadData}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_MAX_HEIGHT, overflow: 'auto' } } }}
      onChange={(next: { value: string | number } | { value: string | number }[] | null | undefined) => {
        const list = next ? (Array.isArray(next) ? next : [next]) : [];
        const joined = list.map((n) => String(n.value)).join(',');
        onChange?.(joined === '' ? undefined : joined);
      }}
    />
  );
}
