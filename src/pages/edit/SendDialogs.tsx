import { useEffect } from 'react';
import { ko } from '../../i18n/ko';
import { REGIONS, pinFloorLabel } from '../../../common/regions';
import { Dialog } from '../../ui/Dialog';
import type { CategoryGroup } from '../../data';
import type { PinFormValues } from './pin-form';

const t = ko.edit;

interface ConfirmDialogProps {
  open: boolean;
  editing: boolean;
  values: PinFormValues;
  file: File | null;
  categories: CategoryGroup[];
  onBack: () => void;
  onSend: () => void;
}

/** The summary to confirm before sending: category, place, coordinates, tags, image. */
export function ConfirmDialog({ open, editing, values, file, categories, onBack, onSend }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={editing ? t.confirmEdit : t.confirmNew}
      onClose={onBack}
      actions={
        <>
          <button type="button" className="btn" onClick={onBack}>
            {t.fixAgain}
          </button>
          <button type="button" className="btn btn-primary" onClick={onSend}>
            {editing ? t.sendEdit : t.sendNew}
          </button>
        </>
      }
    >
      <dl className="detail-meta">
        <dt>{ko.common.category}</dt>
        <dd>{categories.flatMap((g) => g.categories).find((c) => c.id === values.categoryId)?.name}</dd>
        <dt>{ko.common.region}</dt>
        <dd>
          {REGIONS[values.region]?.label} ·{' '}
          {pinFloorLabel(values.region, values.floor, Number(values.x), Number(values.y), values.floorAreaId)}
        </dd>
        <dt>{ko.common.coordinates}</dt>
        <dd>
          X {values.x}, Y {values.y}
        </dd>
        <dt>{ko.common.tags}</dt>
        <dd>{ko.common.count(values.tags.length)}</dd>
        <dt>{t.image}</dt>
        <dd>{file ? file.name : values.image ? t.existingImage : t.noImage}</dd>
      </dl>
      {!values.content.trim() && <p className="notice">{ko.descriptionHelps}</p>}
      <p className="muted small">{t.noDelete}</p>
    </Dialog>
  );
}

/** The upload's progress (0–1), then a moment of 'uploaded' before the success dialog. */
export function UploadDialog({ open, uploaded, progress }: { open: boolean; uploaded: boolean; progress: number }) {
  return (
    <Dialog open={open} title={uploaded ? t.uploaded : t.uploading} onClose={() => {}} busy>
      <progress max={1} value={uploaded ? 1 : progress} aria-label={t.uploadProgress} />
      <p className="small" role="status">
        {uploaded ? t.uploadDone : t.pleaseWait}
      </p>
    </Dialog>
  );
}

interface DoneDialogProps {
  open: boolean;
  editing: boolean;
  /** Open the saved pin by itself after a moment (the redirectOnPinRegister setting). */
  autoOpen: boolean;
  /** Leaves the editor: to the saved pin's page (true) or the map. */
  onFinish: (openPin: boolean) => void;
}

/** Thanks after sending, with the way back to the map or on to the saved pin. */
export function DoneDialog({ open, editing, autoOpen, onFinish }: DoneDialogProps) {
  return (
    <Dialog
      open={open}
      title={editing ? t.edited : ko.pinRegistered}
      onClose={() => onFinish(autoOpen)}
      actions={
        <>
          <button type="button" className="btn" onClick={() => onFinish(false)}>
            {ko.common.backToMap}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onFinish(true)}>
            {t.viewPin}
          </button>
        </>
      }
    >
      <p>{editing ? t.thanksEdit : t.thanksNew}</p>
      {autoOpen && <AutoOpen onOpen={() => onFinish(true)} />}
    </Dialog>
  );
}

// 'View the pin after registering' (redirectOnPinRegister): opens it after a short moment to read the message.
function AutoOpen({ onOpen }: { onOpen: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onOpen, 1200);
    return () => clearTimeout(timer);
  }, [onOpen]);
  return <p className="muted small">{t.autoOpen}</p>;
}
