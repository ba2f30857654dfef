import { Tag } from 'antd';
import { statusItem } from '../api/asset-api';

/** The asset's status as a tag in the status colour the map uses too. */
export function AssetStatusTag({ status, text }: { status: string | null | undefined; text?: string | null }) {
  const item = statusItem(status);
  if (!status) return null;
  return <Tag color={item?.color}>{text || item?.text || status}</Tag>;
}

export function PublishedTag({ published }: { published: number | boolean | null | undefined }) {
  return published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>;
}
