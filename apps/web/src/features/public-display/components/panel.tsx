import { useEffect, useState, type ReactNode } from 'react';

/**
 * A titled section of the public pages. Not antd's Card: that one brings its tabs along, and the guest's
 * landing page has a JavaScript budget (≤ 350 KB gzip).
 */
export function Panel({
  title,
  extra,
  children,
  className,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`public-panel${className ? ` ${className}` : ''}`}>
      <header className="public-panel-head">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="public-panel-body">{children}</div>
    </section>
  );
}

/**
 * True once the element has scrolled near the view (at once where IntersectionObserver is missing). A
 * callback ref, because the element may appear only after data arrives.
 */
export function useNearView<T extends Element>(): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, near]);
  return [setEl, near];
}
