import type { Dispatch, SetStateAction } from 'react';
import { ko } from '../../i18n/ko';
import { REGIONS, floorAreaAt, floorAreaById, floorLabel, regionFloorGroups, type FloorGroup } from '../../../common/regions';
import { Icon } from '../../ui/icons';
import { chooseTool, setTempPin } from '../../state';
import type { CategoryGroup, TagGroup } from '../../data';
import type { PinFormErrors, PinFormValues } from './pin-form';
import { PIN_LIMITS } from '../../../common/pin-model';

const t = ko.edit;

interface EditFormProps {
  editing: boolean;
  values: PinFormValues;
  setValues: Dispatch<SetStateAction<PinFormValues>>;
  errors: PinFormErrors;
  /** The image file chosen to upload (null: keep the pin's image, if any). */
  file: File | null;
  onFile: (file: File | null) => void;
  categories: CategoryGroup[];
  tagGroups: TagGroup[];
  /** Whether the map is picking the location. */
  picking: boolean;
  /** 'Review': the page validates and asks for confirmation. */
  onReview: () => void;
}

/** The floors the editor offers: the region's, and the pin's own depth even where no floor area has it. */
function floorChoices(v: PinFormValues): FloorGroup[] {
  const groups = regionFloorGroups(v.region);
  if (groups.some((g) => g.depth === v.floor)) return groups;
  const own: FloorGroup = { depth: v.floor, label: floorLabel(v.floor), areas: [] };
  const rank = (d: number | null) => d ?? 0;
  return [...groups, own].sort((a, b) => rank(b.depth) - rank(a.depth) || (a.depth === null ? -1 : 1));
}

/** The floor area the pin sits on: the one chosen (or loaded), else the one at its place and depth. */
function formFloorArea(v: PinFormValues) {
  const chosen = v.floorAreaId != null ? floorAreaById(v.floorAreaId) : undefined;
  if (chosen && chosen.depth === v.floor) return chosen;
  return floorAreaAt(v.region, v.floor, Number(v.x), Number(v.y));
}

/** The editor's fields: location (picked on the map or typed), category, tags, description, image. */
export function EditForm({ editing, values, setValues, errors, file, onFile, categories, tagGroups, picking, onReview }: EditFormProps) {
  const set = <K extends keyof PinFormValues>(k: K, v: PinFormValues[K]) => setValues((old) => ({ ...old, [k]: v }));
  const showTemp = (v: PinFormValues) => {
    const x = Number(v.x),
      y = Number(v.y);
    if (v.x && v.y && Number.isFinite(x) && Number.isFinite(y)) setTempPin({ x, y, region: v.region, floor: v.floor });
  };
  const tagChoices = tagGroups.filter((g) => g.categoryId == null || g.categoryId === values.categoryId);
  const floors = floorChoices(values);
  const area = formFloorArea(values);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onReview();
      }}
    >
      <fieldset className="form-section">
        <legend>{t.location}</legend>
        <button
          type="button"
          className={`btn btn-block ${picking ? 'btn-primary' : ''}`}
          onClick={() => chooseTool(picking ? 'pan' : 'location')}
          aria-pressed={picking}
        >
          <Icon name="crosshair" />
          {picking ? t.picking : t.pickOnMap}
        </button>
        <div className="row" style={{ marginTop: '0.75rem' }}>
          <div className="field">
            <label htmlFor="pin-x">{t.x}</label>
            <input
              id="pin-x"
              className="input"
              inputMode="decimal"
              value={values.x}
              aria-invalid={!!errors.coords}
              aria-describedby={errors.coords ? 'coords-err' : undefined}
              onChange={(e) => set('x', e.target.value)}
              onBlur={() => showTemp(values)}
            />
          </div>
          <div className="field">
            <label htmlFor="pin-y">{t.y}</label>
            <input
              id="pin-y"
              className="input"
              inputMode="decimal"
              value={values.y}
              aria-invalid={!!errors.coords}
              aria-describedby={errors.coords ? 'coords-err' : undefined}
              onChange={(e) => set('y', e.target.value)}
              onBlur={() => showTemp(values)}
            />
          </div>
        </div>
        {errors.coords && (
          <p id="coords-err" className="field-error" role="alert">
            {errors.coords}
          </p>
        )}
        <div className="row">
          <div className="field">
            <label htmlFor="pin-region">{ko.common.region}</label>
            <select
              id="pin-region"
              className="select"
              value={values.region}
              onChange={(e) => setValues((v) => ({ ...v, region: Number(e.target.value), floor: null, floorAreaId: null }))}
            >
              {REGIONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="pin-floor">{ko.common.floor}</label>
            <select
              id="pin-floor"
              className="select"
              value={area ? `a:${area.id}` : `f:${values.floor ?? ''}`}
              onChange={(e) => {
                const v = e.target.value;
                const chosen = v.startsWith('a:') ? floorAreaById(Number(v.slice(2))) : undefined;
                const depth = v.slice(2) === '' ? null : Number(v.slice(2));
                setValues((old) =>
                  chosen ? { ...old, floor: chosen.depth, floorAreaId: chosen.id } : { ...old, floor: depth, floorAreaId: null },
                );
              }}
              disabled={floors.length < 2}
            >
              {floors.map((g) =>
                g.areas.length === 0 ? (
                  <option key={String(g.depth)} value={`f:${g.depth ?? ''}`}>
                    {g.label}
                  </option>
                ) : (
                  <optgroup key={String(g.depth)} label={g.label}>
                    <option value={`f:${g.depth ?? ''}`}>{g.label}</option>
                    {g.areas.map((a) => (
                      <option key={a.id} value={`a:${a.id}`}>
                        {a.label === g.label ? g.label : `${a.label} · ${g.label}`}
                      </option>
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          </div>
        </div>
      </fieldset>

      <div className="field">
        <label htmlFor="pin-category">{t.categoryRequired}</label>
        <select
          id="pin-category"
          className="select"
          value={values.categoryId ?? ''}
          aria-invalid={!!errors.category}
          aria-describedby={errors.category ? 'cat-err' : undefined}
          onChange={(e) => setValues((v) => ({ ...v, categoryId: e.target.value ? Number(e.target.value) : null, tags: [] }))}
        >
          <option value="">{t.chooseCategory}</option>
          {categories.map((g) => (
            <optgroup key={g.id} label={g.name}>
              {g.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {errors.category && (
          <span id="cat-err" className="field-error" role="alert">
            {errors.category}
          </span>
        )}
      </div>

      {tagChoices.some((g) => g.tags.length > 0) && (
        <fieldset className="form-section">
          <legend>{ko.common.tags}</legend>
          {tagChoices
            .filter((g) => g.tags.length > 0)
            .map((g) => (
              <div key={g.id} role="group" aria-label={g.name} className="tag-group">
                <span className="muted small">{g.name}</span>
                <div className="chips">
                  {g.tags.map((tag) => (
                    <button
                      key={tag.id}
                      type="button"
                      className="chip"
                      aria-pressed={values.tags.includes(tag.id)}
                      onClick={() =>
                        set('tags', values.tags.includes(tag.id) ? values.tags.filter((x) => x !== tag.id) : [...values.tags, tag.id])
                      }
                    >
                      {tag.name}
                    </button>
                  ))}
                </div>
              </div>
            ))}
        </fieldset>
      )}

      <div className="field">
        <label htmlFor="pin-desc">{t.description}</label>
        <textarea
          id="pin-desc"
          className="textarea"
          value={values.content}
          maxLength={PIN_LIMITS.description}
          onChange={(e) => set('content', e.target.value)}
          placeholder={t.descriptionPlaceholder}
          aria-describedby="desc-hint"
        />
        {!values.content.trim() && (
          <span id="desc-hint" className="field-warning">
            {ko.descriptionHelps}
          </span>
        )}
      </div>

      <div className="field">
        <label htmlFor="pin-image">{ko.common.imageOptional}</label>
        <input
          id="pin-image"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        {values.image && !file && <span className="field-hint">{t.keepImage}</span>}
        <span className="field-warning">{ko.common.imageHostWarning}</span>
      </div>

      <p className="muted small">{t.noDeleteWarning}</p>
      <button type="submit" className="btn btn-primary btn-block">
        {editing ? t.reviewEdit : t.reviewNew}
      </button>
    </form>
  );
}
