import { useState } from 'react';
import { Carousel, Empty, Image } from 'antd';
import { getFileAccessHttpUrl } from '../../../lib/request';
import { pathsOf } from '../api/asset-api';

export const IMAGE_SWIPER_TEXT = { empty: '暂无图片', alt: (n: number) => `资产图片${n}` } as const;

export interface ImageSwiperProps {
  /** Comma-separated stored paths, in display order. */
  images: string | null | undefined;
  height?: number;
}

/**
 * An image swiper: only the shown slide and its two neighbours get an <img> (so a 20-image asset loads
 * three pictures, not twenty), each with loading="lazy"; a click opens the full-screen viewer on that image.
 */
export function ImageSwiper({ images, height = 280 }: ImageSwiperProps) {
  const urls = pathsOf(images).map((p) => getFileAccessHttpUrl(p));
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  if (!urls.length) return <Empty description={IMAGE_SWIPER_TEXT.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const near = (i: number) => {
    const d = Math.abs(i - current);
    return Math.min(d, urls.length - d) <= 1;
  };
  return (
    <div className="asset-image-swiper">
      <Carousel arrows dots infinite={urls.length > 1} beforeChange={(_from, to) => setCurrent(to)}>
        {urls.map((url, i) => (
          <div key={`${url}-${i}`}>
            <div
              style={{ height, background: '#f5f5f5', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              {near(i) ? (
                <img
                  src={url}
                  alt={IMAGE_SWIPER_TEXT.alt(i + 1)}
                  loading="lazy"
                  style={{ maxHeight: height, maxWidth: '100%', objectFit: 'contain', cursor: 'zoom-in' }}
                  onClick={() => setViewer(i)}
                />
              ) : (
                <span data-testid="image-placeholder" style={{ color: '#bbb' }}>
                  {IMAGE_SWIPER_TEXT.alt(i + 1)}
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
          onOpenChange: (open) => !open && setViewer(null),
          onChange: (index) => setViewer(index),
        }}
      />
    </div>
  );
}
