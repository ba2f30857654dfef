import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

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

/** True once the element has scrolled near the view (at once where IntersectionObserver is missing). */
export function useNearView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
