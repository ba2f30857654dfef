import { useEffect, useState } from 'react';
import { Empty, Input, Modal, Spin, Tree } from 'antd';
import { MODAL_WIDTH } from '@district/shared';
import { departLabel, type DepartTreeNode } from './picker-api';
import { toTreeData, useDepartTree } from './use-depart-tree';

export interface DepartPick {
  ids: string[];
  names: string[];
  departs: DepartTreeNode[];
}

export interface DepartSelectModalProps {
  open: boolean;
  /** Several departments (default) or one. */
  multiple?: boolean;
  /** Ids checked when the modal opens. */
  value?: readonly string[];
  title?: string;
  width?: number;
  onOk: (pick: DepartPick) => void;
  onCancel: () => void;
}

/** A department tree with a name search; checked departments are returned as ids and names. */
export function DepartSelectModal({
  open,
  multiple = true,
  value,
  title = '选择部门',
  width = MODAL_WIDTH.depart,
  onOk,
  onCancel,
}: DepartSelectModalProps) {
  const { tree, all, loading, keyword, setKeyword, expandedKeys } = useDepartTree(open);
  const [checked, setChecked] = useState<string[]>([]);
  const valueKey = (value ?? []).join(',');
  useEffect(() => {
    if (open) setChecked(valueKey ? valueKey.split(',') : []);
  }, [open, valueKey]);

  const toggle = (id: string, on: boolean) => {
    if (!multiple) setChecked(on ? [id] : []);
    else setChecked((c) => (on ? [...c.filter((k) => k !== id), id] : c.filter((k) => k !== id)));
  };

  const confirm = () => {
    const departs = checked.map((id) => all.find((d) => d.id === id)).filter((d): d is DepartTreeNode => Boolean(d));
    onOk({ ids: departs.map((d) => d.id), names: departs.map(departLabel), departs });
  };

  return (
    <Modal open={open} title={title} width={width} onOk={confirm} onCancel={onCancel} destroyOnHidden>
      <Input.Search
        placeholder="请输入部门名称"
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        {tree.length === 0 && !loading ? (
          <Empty />
        ) : (
          <Tree
            checkable
            checkStrictly
            blockNode
            selectable={false}
            expandedKeys={expandedKeys}
            checkedKeys={{ checked, halfChecked: [] }}
            treeData={toTreeData(tree)}
            onCheck={(_, info) => toggle(String(info.node.key), info.checked)}
            style={{ maxHeight: 400, overflow: 'auto' }}
          />
        )}
      </Spin>
    </Modal>
  );
}
