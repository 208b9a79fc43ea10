import { useEffect, type ReactNode } from 'react';
import { AdSlot, Footer } from '../ui/Footer';

/** A document page over the map: scrolls on its own, with a title for the tab and the footer. */
export function PageLayout({ title, children, wide = false, ad = false }: { title: string; children: ReactNode; wide?: boolean; ad?: boolean }) {
  useDocumentTitle(title);
  return (
    <div className="page-layer">
      <div className={`page ${wide ? 'page-wide' : ''}`}>{children}</div>
      {ad && <AdSlot />}
      <Footer />
    </div>
  );
}

/** Sets the tab's title to "{page} | 명조 커뮤니티 지도". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | 명조 커뮤니티 지도` : '명조 커뮤니티 지도';
  }, [title]);
}
