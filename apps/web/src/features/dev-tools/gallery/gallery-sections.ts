import type { ComponentType } from 'react';

/** A demo module: its default export is the demo shown in the section's card. */
export interface GalleryDemoModule {
  default: ComponentType;
}

export interface GallerySection {
  /** Anchor / tab key, also used in the URL hash (#key). */
  key: string;
  title: string;
  /** Lazily imported so the gallery only downloads the demos a visitor opens. */
  load: () => Promise<GalleryDemoModule>;
}

/** One line per demo; helpers add theirs here (file `./xxx-demo.tsx` with a default export). */
export const GALLERY_SECTIONS: GallerySection[] = [
  { key: 'cron', title: 'Cron 表达式', load: () => import('./cron-demo') },
  { key: 'editors', title: '编辑器', load: () => import('./editors-demo') },
  { key: 'captcha', title: '滑块验证', load: () => import('./captcha-demo') },
  { key: 'image-mover', title: '图片排序', load: () => import('./image-mover-demo') },
  { key: 'detail', title: '详情', load: () => import('./detail-demo') },
  { key: 'ellipsis', title: '文本省略', load: () => import('./ellipsis-demo') },
  { key: 'context-menu', title: '右键菜单', load: () => import('./context-menu-demo') },
  { key: 'format', title: '格式化', load: () => import('./format-demo') },
  { key: 'upload', title: '上传', load: () => import('./upload-demo') },
  { key: 'selects', title: '字典与选人', load: () => import('./selects-demo') },
  { key: 'pickers', title: '选择器', load: () => import('./pickers-demo') },
  { key: 'editable-table', title: '可编辑表格', load: () => import('./editable-table-demo') },
];
