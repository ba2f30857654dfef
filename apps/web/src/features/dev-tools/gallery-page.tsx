import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Card, Spin, Tabs } from 'antd';
import { withChunkTimeout } from '@/lib/lazy-page';
import { GALLERY_SECTIONS, type GallerySection } from './gallery/gallery-sections';

// Created once per section so switching tabs does not re-import or remount the chunk.
const lazyDemos = new Map<string, LazyExoticComponent<ComponentType>>();
function demoOf(section: GallerySection): LazyExoticComponent<ComponentType> {
  let demo = lazyDemos.get(section.key);
  if (!demo) {
    demo = lazy(withChunkTimeout(section.load));
    lazyDemos.set(section.key, demo);
  }
  return demo;
}

/** 组件示例: one tab per demo section; the hash (#cron) selects a tab so sections can be linked to. */
export function GalleryPage({ sections = GALLERY_SECTIONS }: { sections?: GallerySection[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, ''));
  const [active, setActive] = useState(() =>
    sections.some((section) => section.key === fromHash) ? fromHash : (sections[0]?.key ?? ''),
  );

  const items = useMemo(
    () =>
      sections.map((section) => {
        const Demo = demoOf(section);
        return {
          key: section.key,
          label: section.title,
          children: (
            <Card title={section.title} id={`gallery-${section.key}`}>
              <Suspense fallback={<Spin />}>
                <Demo />
              </Suspense>
            </Card>
          ),
        };
      }),
    [sections],
  );

  return (
    <Tabs
      activeKey={active}
      items={items}
      onChange={(key) => {
        setActive(key);
        void navigate({ hash: key }, { replace: true });
      }}
    />
  );
}
