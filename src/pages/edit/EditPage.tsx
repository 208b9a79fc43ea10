import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { uploadImage } from '../../api';
import { REGIONS, floorLabel, regionFloors } from '../../../common/regions';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { MapMode, setCategories, setMapMode, setTempPin, store, useStore } from '../../state';
import { useCategoryGroups, useCreatePin, useEditPin, useMe, usePin, useTagGroups } from '../../data';
import { useDocumentTitle } from '../PageLayout';
import { useSettings } from '../session';
import { toDraft, validatePinForm, type PinFormErrors, type PinFormValues } from './pin-form';
import { Guidelines } from './Guidelines';
import { FLY_TO_PIN } from '../pin/fly-state';

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
    setValues({ x: String(p.coordX), y: String(p.coordY), region: p.region ?? 0, floor: p.coordZ ?? null, categoryId: p.categoryId, tags: [...p.tagIds], content: p.description ?? '', image: p.image ?? null });
  }

  // A location picked on the map fills the coordinates.
  const temp = snap.tempPin;
  useEffect(() => {
    if (!temp) return;
    setValues((v) => (v.x === String(Math.round(temp.x)) && v.y === String(Math.round(temp.y)) ? v : { ...v, x: String(Math.round(temp.x)), y: String(Math.round(temp.y)), region: temp.region, floor: temp.floor }));
    if (store.selection.mode === MapMode.LocationSelection) setMapMode(MapMode.Default);
  }, [temp]);
  // Leaving the editor clears the temporary pin and any selection mode.
  useEffect(() => () => {
    setTempPin(null);
    if (store.selection.mode === MapMode.LocationSelection) setMapMode(MapMode.Default);
  }, []);

  const set = <K extends keyof PinFormValues>(k: K, v: PinFormValues[K]) => setValues((old) => ({ ...old, [k]: v }));
  // After a first check, errors follow the fields: a fixed field loses its error at once.
  const checked = Object.keys(errors).length > 0;
  useEffect(() => {
    if (checked) setErrors(validatePinForm(values));
  }, [values, checked]);
  const showTemp = (v: PinFormValues) => {
    const x = Number(v.x), y = Number(v.y);
    if (v.x && v.y && Number.isFinite(x) && Number.isFinite(y)) setTempPin({ x, y, region: v.region, floor: v.floor });
  };
  const categories = useMemo(() => groups.data ?? [], [groups.data]);
  const tagChoices = (tagGroups.data ?? []).filter((g) => g.categoryId == null || g.categoryId === values.categoryId);
  const floors = regionFloors(values.region);

  if (me.isPending) return <aside className="detail-panel"><div className="detail-body"><Spinner /></div></aside>;
  if (!me.data) {
    return (
      <aside className="detail-panel" aria-labelledby="edit-title">
        <div className="detail-head"><h1 id="edit-title">{editing ? t.titleEdit : t.titleNew}</h1></div>
        <div className="detail-body">
          <p className="notice notice-danger" role="alert">{ko.loginRequired}</p>
          <p>{t.loginToEdit}</p>
          <Link className="btn btn-primary" to={`/login?from=${encodeURIComponent(pathname)}`}><Icon name="login" />{t.goToLogin}</Link>
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
      if (categoryId != null && !store.homeFilters.categories.includes(categoryId)) setCategories([...store.homeFilters.categories, categoryId]);
      setSavedId(res.id ?? editId);
      setStage('uploaded');
      setTimeout(() => setStage('done'), 700);
    } catch (e) {
      if (e instanceof Error && 'messageTranslated' in e && file) toast.error(String((e as { messageTranslated: string }).messageTranslated));
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

  const picking = snap.selection.mode === MapMode.LocationSelection;
  return (
    <aside className="detail-panel edit-panel" aria-labelledby="edit-title">
      <div className="detail-head">
        <h1 id="edit-title">{editing ? t.headingEdit(editId) : t.headingNew}</h1>
        <Link className="icon-btn" to={{ pathname: editing ? `/pin/${editId}` : '/', search }} aria-label={ko.common.close}><Icon name="close" /></Link>
      </div>
      <div className="detail-body">
        {editing && pin.isPending && <Spinner label={ko.common.pinLoading} />}
        <form noValidate onSubmit={(e) => { e.preventDefault(); review(); }}>
          <fieldset className="form-section">
            <legend>{t.location}</legend>
            <button type="button" className={`btn btn-block ${picking ? 'btn-primary' : ''}`} onClick={() => setMapMode(picking ? MapMode.Default : MapMode.LocationSelection)} aria-pressed={picking}>
              <Icon name="crosshair" />{picking ? t.picking : t.pickOnMap}
            </button>
            <div className="row" style={{ marginTop: '0.75rem' }}>
              <div className="field">
                <label htmlFor="pin-x">{t.x}</label>
                <input id="pin-x" className="input" inputMode="decimal" value={values.x} aria-invalid={!!errors.coords} aria-describedby={errors.coords ? 'coords-err' : undefined}
                  onChange={(e) => set('x', e.target.value)} onBlur={() => showTemp(values)} />
              </div>
              <div className="field">
                <label htmlFor="pin-y">{t.y}</label>
                <input id="pin-y" className="input" inputMode="decimal" value={values.y} aria-invalid={!!errors.coords} aria-describedby={errors.coords ? 'coords-err' : undefined}
                  onChange={(e) => set('y', e.target.value)} onBlur={() => showTemp(values)} />
              </div>
            </div>
            {errors.coords && <p id="coords-err" className="field-error" role="alert">{errors.coords}</p>}
            <div className="row">
              <div className="field">
                <label htmlFor="pin-region">{ko.common.region}</label>
                <select id="pin-region" className="select" value={values.region} onChange={(e) => setValues((v) => ({ ...v, region: Number(e.target.value), floor: null }))}>
                  {REGIONS.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor="pin-floor">{ko.common.floor}</label>
                <select id="pin-floor" className="select" value={values.floor ?? ''} onChange={(e) => set('floor', e.target.value === '' ? null : Number(e.target.value))} disabled={floors.length < 2}>
                  {floors.map((f) => <option key={String(f)} value={f ?? ''}>{floorLabel(f)}</option>)}
                </select>
              </div>
            </div>
          </fieldset>

          <div className="field">
            <label htmlFor="pin-category">{t.categoryRequired}</label>
            <select id="pin-category" className="select" value={values.categoryId ?? ''} aria-invalid={!!errors.category} aria-describedby={errors.category ? 'cat-err' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, categoryId: e.target.value ? Number(e.target.value) : null, tags: [] }))}>
              <option value="">{t.chooseCategory}</option>
              {categories.map((g) => (
                <optgroup key={g.id} label={g.name}>
                  {g.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                </optgroup>
              ))}
            </select>
            {errors.category && <span id="cat-err" className="field-error" role="alert">{errors.category}</span>}
          </div>

          {tagChoices.some((g) => g.tags.length > 0) && (
            <fieldset className="form-section">
              <legend>{ko.common.tags}</legend>
              {tagChoices.filter((g) => g.tags.length > 0).map((g) => (
                <div key={g.id} role="group" aria-label={g.name} className="tag-group">
                  <span className="muted small">{g.name}</span>
                  <div className="chips">
                    {g.tags.map((tag) => (
                      <button key={tag.id} type="button" className="chip" aria-pressed={values.tags.includes(tag.id)}
                        onClick={() => set('tags', values.tags.includes(tag.id) ? values.tags.filter((x) => x !== tag.id) : [...values.tags, tag.id])}>{tag.name}</button>
                    ))}
                  </div>
                </div>
              ))}
            </fieldset>
          )}

          <div className="field">
            <label htmlFor="pin-desc">{t.description}</label>
            <textarea id="pin-desc" className="textarea" value={values.content} maxLength={2000} onChange={(e) => set('content', e.target.value)}
              placeholder={t.descriptionPlaceholder} aria-describedby="desc-hint" />
            {!values.content.trim() && <span id="desc-hint" className="field-warning">{ko.descriptionHelps}</span>}
          </div>

          <div className="field">
            <label htmlFor="pin-image">{ko.common.imageOptional}</label>
            <input id="pin-image" type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            {values.image && !file && <span className="field-hint">{t.keepImage}</span>}
            <span className="field-warning">{ko.common.imageHostWarning}</span>
          </div>

          <p className="muted small">{t.noDeleteWarning}</p>
          <button type="submit" className="btn btn-primary btn-block">{editing ? t.reviewEdit : t.reviewNew}</button>
        </form>
      </div>

      <Guidelines open={stage === 'guidelines'} onAgree={() => setStage('form')} onCancel={() => navigate({ pathname: editing ? `/pin/${editId}` : '/', search })} />

      <Dialog open={stage === 'confirm'} title={editing ? t.confirmEdit : t.confirmNew} onClose={() => setStage('form')}
        actions={<>
          <button type="button" className="btn" onClick={() => setStage('form')}>{t.fixAgain}</button>
          <button type="button" className="btn btn-primary" onClick={() => void send()}>{editing ? t.sendEdit : t.sendNew}</button>
        </>}>
        <dl className="detail-meta">
          <dt>{ko.common.category}</dt><dd>{categories.flatMap((g) => g.categories).find((c) => c.id === values.categoryId)?.name}</dd>
          <dt>{ko.common.region}</dt><dd>{REGIONS[values.region]?.label} · {floorLabel(values.floor)}</dd>
          <dt>{ko.common.coordinates}</dt><dd>X {values.x}, Y {values.y}</dd>
          <dt>{ko.common.tags}</dt><dd>{ko.common.count(values.tags.length)}</dd>
          <dt>{t.image}</dt><dd>{file ? file.name : values.image ? t.existingImage : t.noImage}</dd>
        </dl>
        {!values.content.trim() && <p className="notice">{ko.descriptionHelps}</p>}
        <p className="muted small">{t.noDelete}</p>
      </Dialog>

      <Dialog open={stage === 'uploading' || stage === 'uploaded'} title={stage === 'uploading' ? t.uploading : t.uploaded} onClose={() => {}} busy>
        <progress max={1} value={stage === 'uploaded' ? 1 : progress} aria-label={t.uploadProgress} />
        <p className="small" role="status">{stage === 'uploading' ? t.pleaseWait : t.uploadDone}</p>
      </Dialog>

      <Dialog open={stage === 'done'} title={editing ? t.edited : ko.pinRegistered} onClose={() => finish(autoOpen)}
        actions={<>
          <button type="button" className="btn" onClick={() => finish(false)}>{ko.common.backToMap}</button>
          <button type="button" className="btn btn-primary" onClick={() => finish(true)}>{t.viewPin}</button>
        </>}>
        <p>{editing ? t.thanksEdit : t.thanksNew}</p>
        {autoOpen && <AutoOpen onOpen={() => finish(true)} />}
      </Dialog>
    </aside>
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
