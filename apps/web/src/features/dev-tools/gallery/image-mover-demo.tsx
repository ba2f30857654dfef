import { useState } from 'react';
import { ImageMover } from '@/components/image-mover/image-mover';

// Inline SVG placeholders so the demo needs no uploaded files.
function placeholder(text: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="104" height="104"><rect width="104" height="104" fill="${color}"/><text x="52" y="60" font-size="28" text-anchor="middle" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export default function ImageMoverDemo() {
  const [images, setImages] = useState([
    placeholder('1', '#1677ff'),
    placeholder('2', '#52c41a'),
    placeholder('3', '#fa8c16'),
  ]);
  return <ImageMover value={images} onChange={setImages} />;
}
