import { Dialog } from '../../ui/Dialog';

/** The contribution guidelines shown before the editor (SPEC §2: guidelines, then 'agree and continue'). */
export function Guidelines({ open, onAgree, onCancel }: { open: boolean; onAgree: () => void; onCancel: () => void }) {
  return (
    <Dialog open={open} title="핀 등록 가이드라인" onClose={onCancel}
      actions={<>
        <button type="button" className="btn" onClick={onCancel}>취소</button>
        <button type="button" className="btn btn-primary" onClick={onAgree}>동의하고 계속하기</button>
      </>}>
      <ol className="guidelines">
        <li>직접 확인한 위치만 정확하게 등록해 주세요. 이미 있는 핀과 겹치지 않는지 먼저 확인해 주세요.</li>
        <li>알맞은 카테고리와 태그를 고르고, 찾아가는 방법을 설명에 적어 주세요.</li>
        <li>등록한 핀은 삭제할 수 없습니다. 잘못 등록했다면 수정하거나 신고해 주세요.</li>
        <li>이미지는 익명 이미지 호스팅에 올라가며 삭제할 수 없습니다. 개인정보가 보이지 않게 해 주세요.</li>
        <li>고의로 틀린 정보를 등록하거나 다른 사람의 핀을 망가뜨리면 계정 이용이 정지될 수 있습니다.</li>
      </ol>
    </Dialog>
  );
}
