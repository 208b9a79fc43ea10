import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../ui/icons';
import { PageLayout } from './PageLayout';
import { ko } from '../i18n/ko';

const t = ko.shell.notFound;

/** Any path the app does not know (SPEC §2). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageLayout title={t.title}>
      <div className="not-found">
        <p className="not-found-code" aria-hidden>
          404
        </p>
        <h1>{t.heading}</h1>
        <p className="muted">{t.body(<code key="path">{pathname}</code>)}</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="btn btn-primary" to="/">
            <Icon name="home" />
            {ko.common.backToMap}
          </Link>
          <Link className="btn" to="/search">
            <Icon name="search" />
            {t.search}
          </Link>
        </div>
      </div>
    </PageLayout>
  );
}
