import { createContext, useContext, useEffect } from 'react';

/** Set by the workspace around each page: overrides the page's tab (and document) title. */
export const PageTitleContext = createContext<(title: string) => void>(() => undefined);

/** Gives the current page's tab a title of its own (e.g. 编辑 + a record's name). */
export function usePageTitle(title: string | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (title) setTitle(title);
  }, [setTitle, title]);
}
