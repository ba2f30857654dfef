import { createContext, useContext, useEffect, type ReactNode } from 'react';

export interface PageContentLink {
  title: string;
  href: string;
  icon?: ReactNode;
}

/** What a page contributes to the page-content header above it. */
export interface PageContentOptions {
  title?: ReactNode;
  description?: ReactNode;
  linkList?: PageContentLink[];
  extraImage?: string;
  /** Shows a search box in the header; its value goes to onSearch. */
  search?: boolean;
  onSearch?: (value: string) => void;
  tabs?: { items: { key: string; label: ReactNode }[]; activeKey?: string; onChange?: (key: string) => void };
}

export type PageContentSetter = (options: PageContentOptions | null) => void;

export const PageContentContext = createContext<PageContentSetter>(() => undefined);

/**
 * Lets a page fill the header of the page-content layout. Pass a memoised object: a new object
 * on every render would update the header on every render.
 */
export function usePageContent(options: PageContentOptions | null): void {
  const setOptions = useContext(PageContentContext);
  useEffect(() => {
    setOptions(options);
    return () => setOptions(null);
  }, [setOptions, options]);
}
