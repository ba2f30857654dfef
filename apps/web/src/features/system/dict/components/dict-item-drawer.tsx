import { useCallback } from 'react';
import { Drawer, Space, Tag } from 'antd';
import { DICT_ADMIN_API, PERM, type DictItemRecord, type DictRecord } from '@district/shared';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { ListColumn } from '../../../../components/list-page/list-columns';
import type { QueryField } from '../../../../components/list-page/list-query';
import { DictItemFormModal } from './dict-item-form-modal';

export const DICT_ITEM_TEXT = { title: (name: string) => `字典配置：${name}` } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'itemText', label: '名称', op: 'like', trim: true },
  { kind: 'dict', field: 'status', label: '状态', dictCode: 'valid_status' },
];

const COLUMNS: ListColumn<DictItemRecord>[] = [
  { title: '名称', dataIndex: 'itemText', key: 'itemText', sorter: true },
  { title: '数据值', dataIndex: 'itemValue', key: 'itemValue', sorter: true },
  {
    title: '颜色',
    dataIndex: 'itemColor',
    width: 110,
    render: (color: string | null) =>
      color ? (
        <Space size={4}>
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: color }}
          />
          {color}
        </Space>
      ) : null,
  },
  { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder', sorter: true, width: 80 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 80,
    render: (status: number, record) => (
      <Tag color={status === 1 ? 'green' : 'default'}>{record.status_dictText ?? (status === 1 ? '有效' : '无效')}</Tag>
    ),
  },
  { title: '描述', dataIndex: 'description', valueType: 'longText' },
];

export interface DictItemDrawerProps {
  dict: DictRecord | null;
  onClose: () => void;
}

/** 字典配置: the items of one dictionary, sorted by their sort order, with their form. */
export function DictItemDrawer({ dict, onClose }: DictItemDrawerProps) {
  const dictId = dict?.id ?? '';
  const renderEditor = useCallback(
    (props: ListEditorProps<DictItemRecord>) => <DictItemFormModal {...props} dictId={dictId} />,
    [dictId],
  );
  return (
    <Drawer
      open={dict !== null}
      title={dict ? DICT_ITEM_TEXT.title(dict.dictName) : ''}
      size={860}
      onClose={onClose}
      destroyOnHidden
    >
      {dict && (
        <ListPage<DictItemRecord>
          url={{
            list: DICT_ADMIN_API.itemList,
            delete: DICT_ADMIN_API.itemDelete,
            deleteBatch: DICT_ADMIN_API.itemDeleteBatch,
          }}
          columns={COLUMNS}
          queryFields={QUERY_FIELDS}
          defaultParams={{ dictId: dict.id }}
          permissions={{ add: PERM.dictEdit, edit: PERM.dictEdit, delete: PERM.dictEdit, batchDelete: PERM.dictEdit }}
          renderEditor={renderEditor}
        />
      )}
    </Drawer>
  );
}
