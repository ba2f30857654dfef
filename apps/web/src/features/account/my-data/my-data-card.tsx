import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { MY_DATA_TEXT, MyDataDrawer } from './my-data-drawer';

/** The 个人中心 card that opens 我的数据. */
export function MyDataCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title={MY_DATA_TEXT.title}>
      <Typography.Paragraph>
        查看并下载本系统保存的您的个人信息：基本资料、部门和角色、登录和操作记录、第三方账号、消息、房票及个人信息保护告知的同意记录。
      </Typography.Paragraph>
      <Button onClick={() => setOpen(true)}>{MY_DATA_TEXT.open}</Button>
      <MyDataDrawer open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
