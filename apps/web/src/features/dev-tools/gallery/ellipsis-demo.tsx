import { Space } from 'antd';
import { Ellipsis } from '@/components/ellipsis/ellipsis';

export default function EllipsisDemo() {
  return (
    <Space direction="vertical">
      <Ellipsis text="区域资产资源管理与发布平台：文本超过默认长度 25 时截断，悬停显示全文" />
      <Ellipsis text="Short ASCII text stays whole" />
      <Ellipsis text="指定长度 10 的截断示例文本" length={10} />
    </Space>
  );
}
