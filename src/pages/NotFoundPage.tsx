import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../ui/icons';
import { PageLayout } from './PageLayout';

/** Any path the app does not know (SPEC §2). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageLayout title="페이지를 찾을 수 없음">
      <div className="not-found">
        <p className="not-found-code" aria-hidden>404</p>
        <h1>페이지를 찾을 수 없습니다</h1>
        <p className="muted">
          요청하신 주소 <code>{pathname}</code>에 해당하는 페이지가 없습니다. 주소가 바뀌었거나 삭제되었을 수 있습니다.
        </p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="btn btn-primary" to="/"><Icon name="home" />지도로 돌아가기</Link>
          <Link className="btn" to="/search"><Icon name="search" />검색하기</Link>
        </div>
      </div>
    </PageLayout>
  );
}
