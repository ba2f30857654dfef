import { useState } from 'react';
import { Carousel, Empty, Image } from 'antd';
import { getFileAccessHttpUrl } from '@/lib/request';
import { imagePaths } from '@/components/map/image-paths';
import './image-swiper.css';

export const IMAGE_SWIPER_TEXT = {
  empty: '暂无图片',
  alt: (name: string | undefined, n: number) => `${name ?? '资产'} 图片${n}`,
} as const;

export interface ImageSwiperProps {
  /** Stored paths, comma-separated or a list, in display order. */
  images: unknown;
  /** What the pictures show (an asset's name), for their alternative text. */
  name?: string;
  height?: number;
}

/**
 * The image swiper of the asset pages, the point panel and the public detail page: only the shown slide and
 * its two neighbours get an <img> (a 20-image asset loads three pictures, not twenty), each loading="lazy";
 * a click opens the full-screen viewer (Image.PreviewGroup) on that image, with arrows and zoom.
 */
export function ImageSwiper({ images, name, height = 240 }: ImageSwiperProps) {
  const urls = imagePaths(images).map((p) => getFileAccessHttpUrl(p));
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  if (!urls.length) return <Empty description={IMAGE_SWIPER_TEXT.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  // No wrap-around (infinite carousels clone slides, and with them their images): neighbours are i ± 1.
  const near = (i: number) => Math.abs(i - current) <= 1;
  return (
    <div className="asset-images">
      <Carousel
        arrows={urls.length > 1}
        dots={urls.length > 1}
        infinite={false}
        beforeChange={(_from, to) => setCurrent(to)}
      >
        {urls.map((url, i) => (
          <div key={`${url}-${i}`}>
            <div className="asset-images-slide" style={{ height }}>
              {near(i) ? (
                <img
                  src={url}
                  alt={IMAGE_SWIPER_TEXT.alt(name, i + 1)}
                  loading="lazy"
                  style={{ maxHeight: height }}
                  onClick={() => setViewer(i)}
                />
              ) : (
                <span data-testid="image-placeholder" className="asset-images-placeholder">
                  {IMAGE_SWIPER_TEXT.alt(name, i + 1)}
                </span>
              )}
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
