import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useRegister } from '../../data';
import { Icon } from '../../ui/icons';
import { PageLayout } from '../PageLayout';
import { takeReturnTo } from '../session';

const NAMES: Record<string, string> = { kakao: '카카오', google: 'Google', local: '이메일' };

/** /register/kakao and /register/google: the nickname step after a first provider login. */
export default function RegisterPage() {
  const { provider = 'kakao' } = useParams();
  const register = useRegister(provider);
  const navigate = useNavigate();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!nickname.trim()) {
      setError(ko.nicknameEmpty);
      document.getElementById('nickname')?.focus();
      return;
    }
    setError(null);
    register.mutate(nickname, { onSuccess: () => navigate(takeReturnTo(), { replace: true }) });
  };
  return (
    <PageLayout title="회원 가입">
      <div className="register">
        <h1>닉네임 정하기</h1>
        <p className="muted">{NAMES[provider] ?? provider} 계정으로 처음 로그인하셨네요. 다른 이용자에게 보일 닉네임을 정하면 가입이 끝납니다.</p>
        <form className="card" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <div className="field">
            <label htmlFor="nickname">닉네임</label>
            <input id="nickname" className="input" value={nickname} maxLength={20} autoComplete="nickname" autoFocus
              onChange={(e) => setNickname(e.target.value)} aria-invalid={!!error} aria-describedby={error ? 'nickname-err' : 'nickname-hint'} />
            {error ? <span id="nickname-err" className="field-error" role="alert">{error}</span> : <span id="nickname-hint" className="field-hint">2~20자, 나중에 마이페이지에서 바꿀 수 있습니다.</span>}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
            {register.isPending ? <span className="spinner spinner-small" aria-hidden /> : <Icon name="check" />}가입 완료
          </button>
        </form>
      </div>
    </PageLayout>
  );
}
