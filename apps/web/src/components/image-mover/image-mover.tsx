import { App, Button, Empty, Image, Space, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

export const IMAGE_MOVER_MESSAGES = { first: '已经是第一张了', last: '已经是最后一张了' } as const;

export interface ImageMoverProps {
  /** Image URLs in display order. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Thumbnail size in px. */
  size?: number;
}

/** Reorders an image list with 左移 / 右移 buttons; moving past either end only warns. */
export function ImageMover({ value = [], onChange, size = 104 }: ImageMoverProps) {
  const { message } = App.useApp();

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    if (target < 0) {
      void message.warning(IMAGE_MOVER_MESSAGES.first);
      return;
    }
    if (target >= value.length) {
      void message.warning(IMAGE_MOVER_MESSAGES.last);
      return;
    }
    const next = [...value];
    [next[index], next[target]] = [next[target] as string, next[index] as string];
    onChange?.(next);
  };

  if (!value.length) return <Empty description="暂无图片" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Space wrap size="middle">
      {value.map((url, index) => (
        <Space key={`${url}-${index}`} direction="vertical" align="center" data-testid="image-mover-item">
          <Image src={url} width={size} height={size} style={{ objectFit: 'cover' }} alt={`图片${index + 1}`} />
          <Space size="small">
            <Tooltip title="左移">
              <Button size="small" icon={<LeftOutlined />} aria-label="左移" onClick={() => move(index, -1)} />
            </Tooltip>
            <Tooltip title="右移">
              <Button size="small" icon={<RightOutlined />} aria-label="右移" onClick={() => move(index, 1)} />
            </Tooltip>
          </Space>
        </Space>
      ))}
    </Space>
  );
}
