import { Tooltip } from 'antd';

export const ELLIPSIS_DEFAULT_LENGTH = 25;

/** Display width: ASCII counts 1, anything else (Chinese etc.) 2. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.charCodeAt(0) > 127 ? 2 : 1;
  return width;
}

/** The longest prefix of `text` whose width fits in `length`. */
export function cutByWidth(text: string, length: number): string {
  let width = 0;
  let out = '';
  for (const char of text) {
    width += char.charCodeAt(0) > 127 ? 2 : 1;
    if (width > length) break;
    out += char;
  }
  return out;
}

export interface EllipsisProps {
  text?: string | null;
  /** Maximum display width (non-ASCII characters count 2); default 25. */
  length?: number;
  /** Show the full text in a tooltip when cut (default true). */
  tooltip?: boolean;
}

/** Cuts long text to a display width and shows the whole of it on hover. */
export function Ellipsis({ text, length = ELLIPSIS_DEFAULT_LENGTH, tooltip = true }: EllipsisProps) {
  const full = text ?? '';
  if (textWidth(full) <= length) return <span>{full}</span>;
  const short = `${cutByWidth(full, length)}...`;
  return tooltip ? (
    <Tooltip title={full}>
      <span>{short}</span>
    </Tooltip>
  ) : (
    <span title={full}>{short}</span>
  );
}
