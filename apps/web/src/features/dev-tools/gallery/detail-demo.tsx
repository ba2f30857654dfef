import { useState } from 'react';
import { Button, Divider, Space, Table } from 'antd';
import { DetailList } from '@/components/detail/detail-list';
import { DetailModal } from '@/components/detail/detail-modal';
import { YnSwitch } from '@/components/switch/yn-switch';

const ITEMS = [
  { label: '资产名称', value: '区政务服务中心' },
  { label: '资产编号', value: 'ZC-2026-0001' },
  { label: '所属街道', value: '城关街道' },
  { label: '面积（㎡）', value: '1200' },
  { label: '状态', value: '在用' },
  { label: '备注', value: '' },
];

export default function DetailDemo() {
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState<string>('Y');
  return (
    <>
      <DetailList title="详情列表（默认 3 列）" items={ITEMS} />
      <DetailList title="4 列" items={ITEMS} col={4} />
      <Divider />
      <Space>
        <Button type="primary" onClick={() => setOpen(true)}>
          打开详情弹窗
        </Button>
        <span>是否启用：</span>
        <YnSwitch value={enabled} onChange={setEnabled} />
        <span>值：{enabled}</span>
      </Space>
      <DetailModal
        open={open}
        onClose={() => setOpen(false)}
        mainForm={<DetailList title="主表" items={ITEMS} />}
        subForm={
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            columns={[
              { title: '设备名称', dataIndex: 'name' },
              { title: '数量', dataIndex: 'count' },
            ]}
            dataSource={[
              { name: '办公桌', count: 20 },
              { name: '投影仪', count: 2 },
            ]}
          />
        }
      />
    </>
  );
}
