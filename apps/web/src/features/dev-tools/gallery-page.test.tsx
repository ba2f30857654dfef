import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { GalleryPage } from './gallery-page';
import { GALLERY_SECTIONS, type GallerySection } from './gallery/gallery-sections';

const sections: GallerySection[] = [
  { key: 'one', title: '示例一', load: async () => ({ default: () => <div>第一个示例</div> }) },
  { key: 'two', title: '示例二', load: async () => ({ default: () => <div>第二个示例</div> }) },
];

describe('GalleryPage', () => {
  it('lists every section as a tab and loads the first demo', async () => {
    renderWithApp(<GalleryPage sections={sections} />);
    expect(screen.getByRole('tab', { name: '示例一' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '示例二' })).toBeInTheDocument();
    expect(await screen.findByText('第一个示例')).toBeInTheDocument();
    expect(screen.queryByText('第二个示例')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '示例二' }));
    expect(await screen.findByText('第二个示例')).toBeInTheDocument();
  });

  it('opens the section named in the URL hash', async () => {
    renderWithApp(<GalleryPage sections={sections} />, { route: '/dev-tools/gallery#two' });
    expect(await screen.findByText('第二个示例')).toBeInTheDocument();
  });

  it('has this helper’s demos registered', () => {
    const keys = GALLERY_SECTIONS.map((section) => section.key);
    expect(keys).toEqual(expect.arrayContaining(['cron', 'editors', 'captcha', 'image-mover', 'detail']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('renders the cron demo with its next runs', async () => {
    renderWithApp(<GalleryPage />, { route: '/dev-tools/gallery#cron' });
    expect(await screen.findByText('最近 5 次运行时间：')).toBeInTheDocument();
  });
});
