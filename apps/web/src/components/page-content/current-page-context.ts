import { createContext, useContext } from 'react';
import type { MenuMeta } from '@district/shared';

/** What a page needs to know about the menu entry that opened it. */
export interface CurrentPage {
  path: string;
  title: string;
  component: string;
  /** meta.url with placeholders filled in (iframe pages). */
  url?: string;
  meta?: MenuMeta;
}

export const CurrentPageContext = createContext<CurrentPage | null>(null);

export function useCurrentPage(): CurrentPage | null {
  return useContext(CurrentPageContext);
}
