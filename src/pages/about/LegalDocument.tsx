import { legalFrame, type LegalText } from '../../i18n/legal/legal-text';
import { PageLayout } from '../PageLayout';

/** A legal page (terms, privacy policy) rendered from its articles, with a table of contents. */
export function LegalDocument({ title, effective, intro, articles }: LegalText) {
  return (
    <PageLayout title={title}>
      <article className="legal">
        <h1>{title}</h1>
        <p className="muted small">{legalFrame.effective(effective)}</p>
        <p>{intro}</p>
        <nav aria-label={legalFrame.toc} className="card legal-toc">
          <ol>
            {articles.map((a, i) => (
              <li key={a.title}>
                <a href={`#art-${i + 1}`}>{a.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {articles.map((a, i) => (
          <section key={a.title} id={`art-${i + 1}`} aria-labelledby={`art-${i + 1}-h`}>
            <h2 id={`art-${i + 1}-h`}>{legalFrame.articleHeading(i + 1, a.title)}</h2>
            {a.body.map((b, j) =>
              Array.isArray(b) ? (
                <ol key={j}>
                  {b.map((li) => (
                    <li key={li}>{li}</li>
                  ))}
                </ol>
              ) : (
                <p key={j}>{b}</p>
              ),
            )}
          </section>
        ))}
      </article>
    </PageLayout>
  );
}
