import { PageLayout } from '../PageLayout';

/** One article of a legal text: a heading and its paragraphs or list items. */
export interface Article {
  title: string;
  body: (string | string[])[];
}

/** A legal page (terms, privacy policy) rendered from its articles, with a table of contents. */
export function LegalDocument({ title, effective, intro, articles }: { title: string; effective: string; intro: string; articles: Article[] }) {
  return (
    <PageLayout title={title}>
      <article className="legal">
        <h1>{title}</h1>
        <p className="muted small">시행일: {effective}</p>
        <p>{intro}</p>
        <nav aria-label="목차" className="card legal-toc">
          <ol>
            {articles.map((a, i) => (
              <li key={a.title}><a href={`#art-${i + 1}`}>{a.title}</a></li>
            ))}
          </ol>
        </nav>
        {articles.map((a, i) => (
          <section key={a.title} id={`art-${i + 1}`} aria-labelledby={`art-${i + 1}-h`}>
            <h2 id={`art-${i + 1}-h`}>제{i + 1}조 ({a.title})</h2>
            {a.body.map((b, j) =>
              Array.isArray(b) ? (
                <ol key={j}>{b.map((li) => <li key={li}>{li}</li>)}</ol>
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
