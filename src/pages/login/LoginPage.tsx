import { Link, useSearchParams } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../PageLayout';
import { rememberReturnTo, useAuthProviders, type AuthProvider } from '../session';

function KakaoLogo() {
  return (
    <svg viewBox="0 0 24 24" className="provider-logo" aria-hidden>
      <path fill="#191600" d="M12 3.5c-5 0-9 3.1-9 7 0 2.5 1.7 4.7 4.2 6l-1 3.7c-.1.3.3.6.6.4l4.4-2.9h.8c5 0 9-3.1 9-7s-4-7.2-9-7.2Z" />
    </svg>
  );
}
function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="provider-logo" aria-hidden>
      <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z" />
      <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z" />
      <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14Z" />
      <path fill="#EA4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6Z" />
    </svg>
  );
}

const t = ko.login;

function ProviderButton({ p, from }: { p: AuthProvider; from: string }) {
  const cls = p.id === 'kakao' ? 'btn-kakao' : p.id === 'google' ? 'btn-google' : '';
  return (
    <a className={`btn btn-block btn-provider ${cls}`} href={p.authorizeUrl} onClick={() => rememberReturnTo(from)}>
      {p.id === 'kakao' ? <KakaoLogo /> : p.id === 'google' ? <GoogleLogo /> : <Icon name="mail" />}
      {t.providers[p.id] ?? t.startWith(p.id)}
    </a>
  );
}

/** /login (outside the shell): Kakao and Google sign-in, and the local one where the server offers it. */
export default function LoginPage() {
  useDocumentTitle(t.title);
  const providers = useAuthProviders();
  const [params] = useSearchParams();
  const from = params.get('from') ?? '/';
  const external = providers?.filter((p) => p.id !== 'local') ?? [];
  const local = providers?.find((p) => p.id === 'local');
  return (
    <main className="login-screen">
      <div className="login-card">
        <Icon name="brand" className="brand-mark" />
        <h1>{ko.common.appName}</h1>
        <p className="muted">{t.intro}</p>
        <div className="login-buttons">
          {providers === undefined && <Spinner label={t.loadingProviders} />}
          {providers !== undefined &&
            (['kakao', 'google'] as const).map((id) => {
              const p = external.find((x) => x.id === id);
              return p ? (
                <ProviderButton key={id} p={p} from={from} />
              ) : (
                <button
                  key={id}
                  type="button"
                  className={`btn btn-block btn-provider ${id === 'kakao' ? 'btn-kakao' : 'btn-google'}`}
                  disabled
                  aria-describedby="provider-off"
                >
                  {id === 'kakao' ? <KakaoLogo /> : <GoogleLogo />}
                  {t.providers[id]}
                </button>
              );
            })}
          {providers !== undefined && external.length < 2 && (
            <p id="provider-off" className="muted small" style={{ margin: 0, textAlign: 'center' }}>
              {t.providerOff}
            </p>
          )}
          {local && (
            <>
              {external.length > 0 && <div className="login-divider">{t.or}</div>}
              <ProviderButton p={local} from={from} />
            </>
          )}
        </div>
        <p className="muted small" style={{ textAlign: 'center' }}>
          {t.consent(
            <Link key="terms" to="/about/terms">
              {ko.common.terms}
            </Link>,
            <Link key="privacy" to="/about/privacy-policy">
              {ko.common.privacy}
            </Link>,
          )}
        </p>
        <Link className="btn btn-ghost btn-block" to={from}>
          <Icon name="chevronLeft" />
          {t.browseWithout}
        </Link>
      </div>
    </main>
  );
}
