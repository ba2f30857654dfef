import { useState } from 'react';
import { Carousel, Empty, Image } from 'antd';
import { getFileAccessHttpUrl } from '../../lib/request';
import { imagePaths } from './image-paths';
import './asset-images.css';

export const ASSET_IMAGES_TEXT = { empty: '暂无图片', alt: (name: string, n: number) => `${name} 图片${n}` } as const;

export interface AssetImagesProps {
  images: unknown;
  /** The asset's name, for the images' alternative text. */
  name: string;
  height?: number;
}

/**
 * An image swiper for a point panel or a public page: lazy <img>s in a carousel, a click opens the
 * full-screen viewer (Image.PreviewGroup) on that image, arrows and zoom included.
 */
export function AssetImages({ images, name, height = 220 }: AssetImagesProps) {
  const urls = imagePaths(images).map((p) => getFileAccessHttpUrl(p));
  const [viewer, setViewer] = useState<number | null>(null);
  if (!urls.length) return <Empty description={ASSET_IMAGES_TEXT.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="asset-images">
      <Carousel arrows={urls.length > 1} dots={urls.length > 1} infinite={false}>
        {urls.map((url, i) => (
          <div key={`${url}-${i}`}>
            <div className="asset-images-slide" style={{ height }}>
              <img
                src={url}
                alt={ASSET_IMAGES_TEXT.alt(name, i + 1)}
                loading="lazy"
                style={{ maxHeight: height }}
                onClick={() => setViewer(i)}
              />
            </div>
          </div>
        ))}
      </Carousel>
      <Image.PreviewGroup
        items={urls}
        preview={{
          open: viewer !== null,
          current: viewer ?? 0,
          onOpenChange: (open) => {
            if (!open) setViewer(null);
          },
          onChange: (index) => setViewer(index),
        }}
      />
    </div>
  );
}
