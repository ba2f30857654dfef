import { useState } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { ContextMenu, TAB_MENU_LABELS, TabContextMenu } from '@/components/context-menu/context-menu';

const TABS = ['首页', '用户管理', '角色管理'];

export default function ContextMenuDemo() {
  const [last, setLast] = useState('');
  return (
    <Space direction="vertical">
      <Typography.Text type="secondary">在下面的元素上点击右键</Typography.Text>
      <ContextMenu
        items={[
          { key: 'add', label: '添加下级' },
          { key: 'edit', label: '编辑' },
          { key: 'delete', label: '删除', danger: true },
        ]}
        onSelect={(key) => setLast(`通用菜单：${key}`)}
      >
        <Card size="small" style={{ width: 240 }}>
          通用右键菜单区域
        </Card>
      </ContextMenu>
      <Space>
        {TABS.map((tab, index) => (
          <TabContextMenu
            key={tab}
            index={index}
            total={TABS.length}
            onAction={(action) => setLast(`${tab}：${TAB_MENU_LABELS[action]}`)}
          >
            <Tag>{tab}</Tag>
          </TabContextMenu>
        ))}
      </Space>
      <span>最近的操作：{last || '无'}</span>
    </Space>
  );
}
