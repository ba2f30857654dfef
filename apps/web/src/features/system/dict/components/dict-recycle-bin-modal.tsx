import { useQuery } from '@tanstack/react-query';
import { App, Divider, Modal, Space, Table, type TableColumnsType } from 'antd';
import { DICT_MESSAGES, DICT_RESOURCE as R, type DictRecord } from '@district/shared';
import { deleteDictForGood, fetchDeletedDicts, restoreDict } from '../api/dict-api';

export const RECYCLE_TEXT = {
  title: '字典回收站',
  restore: '还原',
  physicDelete: '彻底删除',
  confirmTitle: '确认彻底删除',
} as const;

export interface DictRecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  /** A dictionary came back to the list. */
  onRestored: () => void;
}

/** 回收站: deleted dictionaries, restored or deleted for good (with their items, after confirmation). */
export function DictRecycleBinModal({ open, onClose, onRestored }: DictRecycleBinModalProps) {
  const { message, modal } = App.useApp();
  // Read afresh each time the bin opens; a failure is shown by the request layer.
  const deleted = useQuery({
    queryKey: ['system', 'dict', 'recycle-bin'],
    queryFn: fetchDeletedDicts,
    enabled: open,
  });
  const load = () => deleted.refetch();

  const restore = async (row: DictRecord) => {
    try {
      const res = await restoreDict(row.id);
      message.success(res.message || DICT_MESSAGES.restored);
      onRestored();
      await load();
    } catch {
      // shown by the request layer
    }
  };

  const removeForGood = (row: DictRecord) => {
    modal.confirm({
      title: RECYCLE_TEXT.confirmTitle,
      content: DICT_MESSAGES.physicConfirm,
      okType: 'danger',
      onOk: async () => {
        try {
          const res = await deleteDictForGood(row.id);
          message.success(res.message || DICT_MESSAGES.physicDeleted);
          await load();
        } catch {
          // shown by the request layer
        }
      },
    });
  };

  const columns: TableColumnsType<DictRecord> = [
    { title: R.fields.dictName.title, dataIndex: 'dictName' },
    { title: R.fields.dictCode.title, dataIndex: 'dictCode' },
    { title: R.fields.description.title, dataIndex: 'description', ellipsis: true },
    { title: '删除时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: '__action',
      width: 150,
      render: (_: unknown, row) => (
        <Space separator={<Divider orientation="vertical" />}>
          <a onClick={() => void restore(row)}>{RECYCLE_TEXT.restore}</a>
          <a onClick={() => removeForGood(row)}>{RECYCLE_TEXT.physicDelete}</a>
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} title={RECYCLE_TEXT.title} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<DictRecord>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={deleted.data ?? []}
        loading={deleted.isFetching}
        pagination={false}
      />
    </Modal>
  );
}
