import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useRegister } from '../../data';
import { Icon } from '../../ui/icons';
import { PageLayout } from '../PageLayout';
import { takeReturnTo } from '../session';
import { nicknameMessages, nicknameProblem } from '../../../common/nickname';

const t = ko.login;

/** /register/kakao and /register/google: the nickname step after a first provider login. */
export default function RegisterPage() {
  const { provider = 'kakao' } = useParams();
  const register = useRegister(provider);
  const navigate = useNavigate();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = nicknameProblem(nickname);
    if (problem) {
      setError(nicknameMessages[problem]);
      document.getElementById('nickname')?.focus();
      return;
    }
    setError(null);
    register.mutate(nickname, { onSuccess: () => navigate(takeReturnTo(), { replace: true }) });
  };
  return (
    <PageLayout title={t.registerTitle}>
      <div className="register">
        <h1>{t.registerHeading}</h1>
        <p className="muted">{t.registerIntro(t.providerNames[provider] ?? provider)}</p>
        <form
          className="card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor="nickname">{ko.common.nickname}</label>
            <input
              id="nickname"
              className="input"
              value={nickname}
              autoComplete="nickname"
              autoFocus
              onChange={(e) => setNickname(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? 'nickname-err' : 'nickname-hint'}
            />
            {error ? (
              <span id="nickname-err" className="field-error" role="alert">
                {error}
              </span>
            ) : (
              <span id="nickname-hint" className="field-hint">
                {t.nicknameHint}
              </span>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
            {register.isPending ? <span className="spinner spinner-small" aria-hidden /> : <Icon name="check" />}
            {t.register}
          </button>
        </form>
      </div>
    </PageLayout>
  );
}
