import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useOAuthLogin } from '../../data';
import { Icon } from '../../ui/icons';
import { PageLoader } from '../../ui/Loading';
import { useDocumentTitle } from '../PageLayout';
import { takeReturnTo } from '../session';
import { ko } from '../../i18n/ko';

const t = ko.login;

/** /oauth/kakao and /oauth/google: posts the provider's code; a new account goes on to the nickname step. */
export default function OAuthCallbackPage({ provider }: { provider: string }) {
  useDocumentTitle(t.callbackTitle);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useOAuthLogin(params.get('provider') ?? provider);
  const code = params.get('code');
  const denied = params.get('error');
  const sent = useRef(false);

  useEffect(() => {
    // An authorization code is single-use: StrictMode's second effect run must not post it again.
    if (!code || sent.current) return;
    sent.current = true;
    login.mutate(
      { code, state: params.get('state') ?? '' },
      {
        onSuccess: (r) => {
          if (r.status === 'register') navigate(`/register/${params.get('provider') ?? provider}`, { replace: true });
          else navigate(takeReturnTo(), { replace: true });
        },
      },
    );
  }, [code, login, navigate, params, provider]);

  if (!code || denied || login.isError) {
    return (
      <main className="login-screen">
        <div className="login-card" role="alert">
          <Icon name="brand" className="brand-mark" />
          <h1>{t.failed}</h1>
          <p className="muted">{denied ? t.cancelled : t.invalid}</p>
          <div className="login-buttons">
            <Link className="btn btn-primary btn-block" to="/login">
              {t.retry}
            </Link>
            <Link className="btn btn-block" to="/">
              {t.home}
            </Link>
          </div>
        </div>
      </main>
    );
  }
  return <PageLoader />;
}
