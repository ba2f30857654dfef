import { useCallback } from 'react';
import { Drawer, Space, Tag } from 'antd';
import { DICT_ITEM_RESOURCE as R, type DictItemRecord, type DictRecord } from '@district/shared';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick } from '@/components/list-page/list-resource';
import { DictItemFormModal } from './dict-item-form-modal';

export const DICT_ITEM_TEXT = { title: (name: string) => `字典配置：${name}` } as const;

const COLUMNS: ColumnPick<DictItemRecord, typeof R>[] = [
  'itemText',
  'itemValue',
  {
    ...columnOf<DictItemRecord>(R, 'itemColor'),
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
  'sortOrder',
  {
    ...columnOf<DictItemRecord>(R, 'status'),
    sorter: false,
    render: (status: number, record) => (
      <Tag color={status === 1 ? 'green' : 'default'}>{record.status_dictText ?? (status === 1 ? '有效' : '无效')}</Tag>
    ),
  },
  'description',
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
        <ListPage<DictItemRecord, typeof R>
          resource={R}
          columns={COLUMNS}
          queryFields={['itemText', 'status']}
          // The items of one dictionary: no advanced query here.
          superQueryFields={[]}
          defaultParams={{ dictId: dict.id }}
          renderEditor={renderEditor}
        />
      )}
    </Drawer>
  );
}
