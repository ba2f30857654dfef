import { ASSET_STATUS_ITEMS } from '@district/shared';
import type { StatusCount } from './cluster';

const UNKNOWN_STATUS_COLOR = '#8c8c8c';
const STATUS_COLOR = new Map<string, string>(ASSET_STATUS_ITEMS.map((s) => [s.value, s.color]));
const STATUS_TEXT = new Map<string, string>(ASSET_STATUS_ITEMS.map((s) => [s.value, s.text]));
export const statusColor = (status: string): string => STATUS_COLOR.get(status) ?? UNKNOWN_STATUS_COLOR;
const statusText = (status: string): string => STATUS_TEXT.get(status) ?? '其他';

/** A bubble's diameter in pixels, growing with its count. */
export function bubbleSize(count: number): number {
  if (count < 10) return 32;
  if (count < 100) return 38;
  if (count < 1000) return 44;
  return 52;
}

/** The bubble's description (its title and accessible name): 120 个资产：闲置 60、出租 60. */
export function clusterTitle(count: number, statuses: readonly StatusCount[]): string {
  const parts = statuses.map((s) => `${statusText(s.status)} ${s.count.toLocaleString('zh-CN')}`);
  return `${count.toLocaleString('zh-CN')} 个资产${parts.length ? `：${parts.join('、')}` : ''}`;
}

/**
 * A group's bubble as HTML for a Leaflet divIcon: a donut of its statuses (each arc as long as its share,
 * in ASSET_STATUS_ITEMS' order and colours) around a white centre with the count. Drawn with one SVG circle
 * per status whose dashed stroke covers only its arc.
 */
export function clusterIconHtml(count: number, statuses: readonly StatusCount[]): string {
  const size = bubbleSize(count);
  const ring = size >= 44 ? 7 : 6;
  const r = (size - ring) / 2;
  const c = 2 * Math.PI * r;
  const total = statuses.reduce((sum, s) => sum + s.count, 0) || 1;
  let offset = 0;
  const arcs = statuses.map((s) => {
    const length = (s.count / total) * c;
    // Starts at 12 o'clock (the -90° rotation below) and runs clockwise.
    const arc =
      `<circle class="asset-map-cluster-arc" data-status="${s.status}" data-count="${s.count}" ` +
      `cx="${size / 2}" cy="${size / 2}" r="${r.toFixed(2)}" fill="none" stroke="${statusColor(s.status)}" ` +
      `stroke-width="${ring}" stroke-dasharray="${length.toFixed(2)} ${(c - length).toFixed(2)}" ` +
      `stroke-dashoffset="${(-offset).toFixed(2)}"/>`;
    offset += length;
    return arc;
  });
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${(size / 2 - 0.5).toFixed(2)}" fill="#fff"/>` +
    `<g transform="rotate(-90 ${size / 2} ${size / 2})">${arcs.join('')}</g></svg>` +
    `<span>${count}</span>`
  );
}
