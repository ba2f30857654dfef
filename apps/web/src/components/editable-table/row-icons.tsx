import { useLayoutEffect, useRef } from 'react';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  PlusSquareOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';

/** The antd icons rows show, by the name used in `et-icon--<name>` classes. */
const ROW_ICONS = {
  drag: DragOutlined,
  subtable: TableOutlined,
  insert: PlusSquareOutlined,
  up: ArrowUpOutlined,
  down: ArrowDownOutlined,
  remove: DeleteOutlined,
  upload: UploadOutlined,
  download: DownloadOutlined,
} as const;

export type RowIconName = keyof typeof ROW_ICONS;

/** An icon in a row: one empty element painted by CSS with the antd icon's shape. */
export function RowIcon({ name }: { name: RowIconName }) {
  return <span className={`et-icon et-icon--${name}`} aria-hidden />;
}

/**
 * Renders each row icon once, hidden, and hands its SVG to the table's CSS as a mask image
 * (`--et-icon-<name>` on the `.et` table root). A row icon is then a single element instead of an
 * antd icon component with its own SVG tree, which matters when rows mount by the dozen while
 * scrolling.
 */
export function RowIconSource() {
  const source = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    // The table root; its own ref is not attached yet while its children's layout effects run.
    const root = source.current?.closest<HTMLElement>('.et');
    if (!root || !source.current) return;
    const serializer = new XMLSerializer();
    for (const holder of source.current.querySelectorAll<HTMLElement>('[data-icon-name]')) {
      const svg = holder.querySelector('svg');
      if (!svg) continue;
      const markup = serializer.serializeToString(svg);
      root.style.setProperty(
        `--et-icon-${holder.dataset.iconName}`,
        `url("data:image/svg+xml,${encodeURIComponent(markup)}")`,
      );
    }
  }, []);
  return (
    <span ref={source} className="et-icon-source" aria-hidden hidden>
      {Object.entries(ROW_ICONS).map(([name, Icon]) => (
        <span key={name} data-icon-name={name}>
          <Icon />
        </span>
      ))}
    </span>
  );
}
