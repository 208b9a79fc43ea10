import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { uploadImage } from '../../api';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { MapMode, endTool, setCategories, setTempPin, store, useStore } from '../../state';
import { useCategoryGroups, useCreatePin, useEditPin, useMe, usePin, useTagGroups } from '../../data';
import { useDocumentTitle } from '../PageLayout';
import { useSettings } from '../session';
import { toDraft, validatePinForm, type PinFormErrors, type PinFormValues } from './pin-form';
import { Guidelines } from './Guidelines';
import { EditForm } from './EditForm';
import { ConfirmDialog, DoneDialog, UploadDialog } from './SendDialogs';
import { FLY_TO_PIN } from '../pin/fly-state';
import { useMapSnapshot } from '../../map/use-engine-snapshot';

const t = ko.edit;

type Stage = 'guidelines' | 'form' | 'confirm' | 'uploading' | 'uploaded' | 'done';

const EMPTY: PinFormValues = { x: '', y: '', region: 0, floor: null, categoryId: null, tags: [], content: '', image: null };

/** /edit and /pin/{hpid}/edit: guidelines → form → confirmation → upload → success (SPEC §2). */
export default function EditPage() {
  const { hpid } = useParams();
  const editId = hpid ? Number(hpid) : null;
  const editing = editId != null;
  const me = useMe();
  const pin = usePin(editing ? editId : null);
  const groups = useCategoryGroups();
  const tagGroups = useTagGroups();
  const create = useCreatePin();
  const edit = useEditPin();
  const [settings] = useSettings();
  const snap = useStore();
  // Picking a place is the engine's location tool (it ends itself on ESC).
  const picking = useMapSnapshot((s) => s?.mode === MapMode.LocationSelection);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [stage, setStage] = useState<Stage>('guidelines');
  const [values, setValues] = useState<PinFormValues>(() => ({ ...EMPTY, region: store.mapRegion, floor: store.floor }));
  const [errors, setErrors] = useState<PinFormErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  useDocumentTitle(editing ? t.titleEdit : t.titleNew);

  // Editing loads the pin into the same form.
  if (editing && pin.data && !loaded) {
    const p = pin.data;
    setLoaded(true);
    setValues({
      x: String(p.coordX),
      y: String(p.coordY),
      region: p.region ?? 0,
      floor: p.coordZ ?? null,
      floorAreaId: p.floorAreaId ?? null,
      categoryId: p.categoryId,
      tags: [...p.tagIds],
      content: p.description ?? '',
      image: p.image ?? null,
    });
  }

  // A location picked on the map fills the coordinates.
  const temp = snap.tempPin;
  useEffect(() => {
    if (!temp) return;
    setValues((v) =>
      v.x === String(Math.round(temp.x)) && v.y === String(Math.round(temp.y))
        ? v
        : { ...v, x: String(Math.round(temp.x)), y: String(Math.round(temp.y)), region: temp.region, floor: temp.floor, floorAreaId: null },
    );
    endTool('location');
  }, [temp]);
  // Leaving the editor clears the temporary pin and any selection mode.
  useEffect(
    () => () => {
      setTempPin(null);
      endTool('location');
    },
    [],
  );

  // After a first check, errors follow the fields: a fixed field loses its error at once.
  const checked = Object.keys(errors).length > 0;
  useEffect(() => {
    if (checked) setErrors(validatePinForm(values));
  }, [values, checked]);
  const categories = useMemo(() => groups.data ?? [], [groups.data]);

  if (me.isPending)
    return (
      <aside className="detail-panel">
        <div className="detail-body">
          <Spinner />
        </div>
      </aside>
    );
  if (!me.data) {
    return (
      <aside className="detail-panel" aria-labelledby="edit-title">
        <div className="detail-head">
          <h1 id="edit-title">{editing ? t.titleEdit : t.titleNew}</h1>
        </div>
        <div className="detail-body">
          <p className="notice notice-danger" role="alert">
            {ko.loginRequired}
          </p>
          <p>{t.loginToEdit}</p>
          <Link className="btn btn-primary" to={`/login?from=${encodeURIComponent(pathname)}`}>
            <Icon name="login" />
            {t.goToLogin}
          </Link>
        </div>
      </aside>
    );
  }

  const review = () => {
    const e = validatePinForm(values);
    setErrors(e);
    if (Object.keys(e).length === 0) setStage('confirm');
    else document.getElementById(e.coords ? 'pin-x' : 'pin-category')?.focus();
  };

  const send = async () => {
    setStage('uploading');
    setProgress(0);
    try {
      let image = values.image;
      if (file) image = await uploadImage(file, (f) => setProgress(f * 0.8));
      const draft = toDraft({ ...values, image });
      const res = editing ? await edit.mutateAsync({ id: editId!, change: draft }) : await create.mutateAsync(draft);
      setProgress(1);
      // The new pin must show on the map: switch its category on (as search does).
      const categoryId = res.categoryId ?? draft.categoryId;
      if (categoryId != null && !store.homeFilters.categories.includes(categoryId))
        setCategories([...store.homeFilters.categories, categoryId]);
      setSavedId(res.id ?? editId);
      setStage('uploaded');
      setTimeout(() => setStage('done'), 700);
    } catch (e) {
      if (e instanceof Error && 'messageTranslated' in e && file)
        toast.error(String((e as { messageTranslated: string }).messageTranslated));
      setStage('form');
    }
  };

  const finish = (open: boolean) => {
    setTempPin(null);
    // The saved pin may lie far from the camera the address carries: its page flies to it.
    if (open && savedId) navigate({ pathname: `/pin/${savedId}`, search }, { state: FLY_TO_PIN });
    else navigate({ pathname: '/', search });
  };
  // After registering, the setting decides whether the new pin opens by itself.
  const autoOpen = stage === 'done' && !editing && settings.redirectOnPinRegister;

  return (
    <aside className="detail-panel edit-panel" aria-labelledby="edit-title">
      <div className="detail-head">
        <h1 id="edit-title">{editing ? t.headingEdit(editId) : t.headingNew}</h1>
        <Link className="icon-btn" to={{ pathname: editing ? `/pin/${editId}` : '/', search }} aria-label={ko.common.close}>
          <Icon name="close" />
        </Link>
      </div>
      <div className="detail-body">
        {editing && pin.isPending && <Spinner label={ko.common.pinLoading} />}
        <EditForm
          editing={editing}
          values={values}
          setValues={setValues}
          errors={errors}
          file={file}
          onFile={setFile}
          categories={categories}
          tagGroups={tagGroups.data ?? []}
          picking={picking}
          onReview={review}
        />
      </div>

      <Guidelines
        open={stage === 'guidelines'}
        onAgree={() => setStage('form')}
        onCancel={() => navigate({ pathname: editing ? `/pin/${editId}` : '/', search })}
      />

      <ConfirmDialog
        open={stage === 'confirm'}
        editing={editing}
        values={values}
        file={file}
        categories={categories}
        onBack={() => setStage('form')}
        onSend={() => void send()}
      />

      <UploadDialog open={stage === 'uploading' || stage === 'uploaded'} uploaded={stage === 'uploaded'} progress={progress} />

      <DoneDialog open={stage === 'done'} editing={editing} autoOpen={autoOpen} onFinish={finish} />
    </aside>
  );
}
