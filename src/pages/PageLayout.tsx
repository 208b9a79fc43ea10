import { useEffect, type ReactNode } from 'react';
import { AdSlot, Footer } from '../ui/Footer';
import { ko } from '../i18n/ko';

/** A document page over the map: scrolls on its own, with a title for the tab and the footer. */
export function PageLayout({
  title,
  children,
  wide = false,
  ad = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  ad?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className="page-layer">
      <div className={`page ${wide ? 'page-wide' : ''}`}>{children}</div>
      {ad && <AdSlot />}
      <Footer />
    </div>
  );
}

/** Sets the tab's title to "{page} | {site}" (ko.shell.documentTitle). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = ko.shell.documentTitle(title);
  }, [title]);
}
