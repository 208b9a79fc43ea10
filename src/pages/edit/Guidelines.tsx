import { Dialog } from '../../ui/Dialog';
import { ko } from '../../i18n/ko';

const t = ko.edit.guidelines;

/** The contribution guidelines shown before the editor (SPEC §2: guidelines, then 'agree and continue'). */
export function Guidelines({ open, onAgree, onCancel }: { open: boolean; onAgree: () => void; onCancel: () => void }) {
  return (
    <Dialog
      open={open}
      title={t.title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {ko.common.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onAgree}>
            {t.agree}
          </button>
        </>
      }
    >
      <ol className="guidelines">
        {t.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </Dialog>
  );
}
