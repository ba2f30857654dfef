import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Divider } from 'antd';

/**
 * The links of a row as a flat list: arrays and fragments are opened, and what renders nothing (false, null,
 * undefined, '') is dropped, so a hidden action takes no place.
 */
export function flattenActions(node: ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  Children.forEach(node, (child) => {
    if (child === null || child === undefined || typeof child === 'boolean' || child === '') return;
    if (isValidElement(child) && child.type === Fragment) {
      out.push(...flattenActions((child as ReactElement<{ children?: ReactNode }>).props.children));
      return;
    }
    out.push(child);
  });
  return out;
}

/**
 * A row's actions separated by thin dividers: a divider only between two shown links, never beside a hidden one
 * ("详情 | 删除", not "详情 | | 删除"). Give the links as children, an array or a fragment; conditional ones as
 * `cond && <a>…</a>`. A component that may render nothing should instead hand back its links (see the project
 * status links), since an element is counted even when it renders nothing.
 */
export function RowActions({ children, className }: { children: ReactNode; className?: string }) {
  const items = flattenActions(children);
  if (items.length === 0) return null;
  return (
    <span
      className={['list-page-row-actions', className].filter(Boolean).join(' ')}
      style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}
    >
      {items.map((item, i) => (
        <Fragment key={`${i}:${isValidElement(item) ? String(item.key) : ''}`}>
          {i > 0 && <Divider orientation="vertical" />}
          {item}
        </Fragment>
      ))}
    </span>
  );
}
