import { getFileAccessHttpUrl } from '@/lib/request';

// Apart from the swiper so a card list can show covers without loading the carousel and the image viewer.

/** Stored image paths from a comma-separated string or a list (the detail answers give lists). */
export function imagePaths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The first image's address, for a card's cover, or '' when there is none. */
export const firstImageUrl = (value: unknown): string => getFileAccessHttpUrl(imagePaths(value)[0]);
