import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { SUPPORT_LINKS } from '../../ui/support-links';
import { PageLayout } from '../PageLayout';

const FAQ: { q: string; a: string }[] = [
  { q: '찾은 표시가 사라졌어요.', a: '찾음 기록은 로그인한 계정에 저장됩니다. 같은 계정으로 로그인했는지 확인해 주세요. 오프라인에서 표시한 기록은 인터넷에 다시 연결되면 자동으로 서버에 저장됩니다.' },
  { q: '핀 위치가 틀렸어요.', a: '핀 상세 화면의 "신고" 버튼으로 알려 주세요. 중복된 핀이라면 원래 핀 번호를 함께 적어 주시면 빠르게 정리됩니다. 직접 고치려면 "수정" 버튼을 눌러 위치와 설명을 바로잡을 수 있습니다.' },
  { q: '여러 핀을 한 번에 찾음으로 표시하고 싶어요.', a: '지도 오른쪽 위의 선택 도구에서 "범위 선택"(사각형·올가미) 또는 "경로 선택"을 고른 뒤 지도 위에 그리면, 그 안의 핀을 한꺼번에 찾음 또는 찾지 않음으로 바꿀 수 있습니다. 이 작업은 되돌릴 수 없으니 개수를 확인한 뒤 적용하세요.' },
  { q: '댓글에 올린 이미지를 지우고 싶어요.', a: '댓글 이미지는 익명 이미지 호스팅 서비스에 올라가므로 삭제할 수 없습니다. 개인정보가 담긴 이미지는 올리지 않도록 주의해 주세요. 댓글 자체는 작성자가 지울 수 있습니다.' },
  { q: '방송 화면에 지도를 띄우고 싶어요.', a: '더보기 메뉴의 "메뉴 접기"와 "전체화면"을 쓰면 지도만 크게 보입니다. 방송 프로그램의 브라우저 소스에 넣을 미니맵은 더보기 → "방송 오버레이 설정"에서 만들 수 있습니다 (연결 코드·카테고리·확대·배경을 고르면 주소가 만들어지고 미리보기가 나옵니다). 마이페이지 설정에서 핀 크기를 크게 하면 4K 방송에서도 잘 보입니다.' },
  { q: '트래커는 어떻게 연결하나요?', a: '데스크톱 트래커를 실행한 뒤 더보기 → "트래커 연결"을 누르세요. 같은 PC라면 로컬 주소로, 다른 기기라면 트래커에 표시된 8자리 코드로 연결합니다.' },
  { q: '탈퇴하면 어떻게 되나요?', a: '계정, 닉네임, 이메일, 찾음 기록이 삭제되며 되돌리기 어렵습니다. 등록한 핀은 지도에 남지만 작성자 정보는 지워집니다.' },
];

/** How to get help: the three support channels and a short FAQ. */
export default function SupportPage() {
  return (
    <PageLayout title="고객지원">
      <h1>고객지원</h1>
      <p className="muted">궁금한 점이나 불편한 점이 있으면 아래 채널로 알려 주세요. 오류를 알려 주실 때는 사용 중인 기기와 브라우저, 화면에 나온 오류 메시지를 함께 적어 주시면 큰 도움이 됩니다.</p>
      <ul className="support-grid list-reset">
        {([['community', 'users'], ['openChat', 'chat'], ['email', 'mail']] as const).map(([key, icon]) => {
          const l = SUPPORT_LINKS[key];
          return (
            <li key={key} className="card support-card">
              <Icon name={icon} className="support-icon" />
              <h2>{l.label}</h2>
              <p className="muted small">{l.description}</p>
              <a className="btn" href={l.href} target={key === 'email' ? undefined : '_blank'} rel="noreferrer">
                {key === 'email' ? SUPPORT_LINKS.email.address : `${l.label} 열기`}
              </a>
            </li>
          );
        })}
      </ul>
      <h2 className="section-title">자주 묻는 질문</h2>
      <div className="faq">
        {FAQ.map((f) => (
          <details key={f.q} className="card">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>
      <p className="muted small" style={{ marginTop: '1.5rem' }}>
        서비스 이용 조건은 <Link to="/about/terms">이용약관</Link>, 개인정보 처리 방식은 <Link to="/about/privacy-policy">개인정보처리방침</Link>에서 확인할 수 있습니다.
      </p>
    </PageLayout>
  );
}
