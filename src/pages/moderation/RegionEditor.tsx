import { useEffect, useId, useState } from 'react';
import type { WorldRegion } from '../../../common/regions';
import { asApiClientError } from '../../api';
import { useRegionAdmin, type RegionDraft } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';

const t = ko.moderation.regions;

/*
 * The region editor of the catalogue screen (issue 20 item 1): pick a region (or 새 지역), edit its fields and its
 * floor areas, save in one call (server/routes/moderation/world.ts). Boxes and the game transform are typed as
 * numbers split by commas. Tile parts are kept while a tile set's or an area's name stays; a new name takes the
 * seed's tile layout (the server's default). Floor areas are added and edited here, not removed (pins hold them).
 */

interface AreaForm {
  id?: number;
  name: string;
  label: string;
  depth: string;
  extent: string;
  origin: string;
}
interface RegionForm {
  name: string;
  label: string;
  tileSet: string;
  blockSize: '512' | '1024';
  extent: string;
  padding: string;
  centerX: string;
  centerY: string;
  level: string;
  floor: string;
  bounds: string;
  game: string;
  areas: AreaForm[];
}

const list = (v: readonly number[]) => v.join(', ');
const EMPTY: RegionForm = {
  name: '',
  label: '',
  tileSet: '',
  blockSize: '512',
  extent: '-2048, -2048, 2048, 2048',
  padding: '512',
  centerX: '0',
  centerY: '0',
  level: '2',
  floor: '0',
  bounds: '-2048, -2048, 2048, 2048',
  game: '0.01, 0, 0, 0, -0.01, 0',
  areas: [],
};

function formOf(r: WorldRegion): RegionForm {
  const s = r.tileSet;
  return {
    name: r.name,
    label: r.label,
    tileSet: s.name,
    blockSize: String(s.blockSize) as '512' | '1024',
    extent: list(s.extent),
    padding: String(s.padding),
    centerX: String(s.centerX),
    centerY: String(s.centerY),
    level: String(s.level),
    floor: String(s.floor),
    bounds: list(r.bounds),
    game: list([r.game.a, r.game.b, r.game.c, r.game.d, r.game.e, r.game.f]),
    areas: r.floorAreas.map((a) => ({
      id: a.id,
      name: a.name,
      label: a.label,
      depth: String(a.depth),
      extent: list(a.extent),
      origin: list(a.origin),
    })),
  };
}

/** Numbers split by commas (or spaces), exactly `n` of them; else the field's Korean complaint. */
function numbers(v: string, n: number, field: string): number[] {
  const parts = v.split(/[\s,]+/).filter(Boolean);
  const out = parts.map(Number);
  if (out.length !== n || !out.every(Number.isFinite)) throw new Error(t.numbers(field, n));
  return out;
}
function number(v: string, field: string): number {
  return numbers(v, 1, field)[0]!;
}

function draftOf(f: RegionForm, old: WorldRegion | undefined): RegionDraft {
  const [a, b, c, d, e, g] = numbers(f.game, 6, t.game);
  const box = (v: string, field: string) => numbers(v, 4, field) as unknown as RegionDraft['bounds'];
  const tileSet = f.tileSet.trim();
  return {
    name: f.name.trim(),
    label: f.label.trim(),
    tileSet: {
      name: tileSet,
      blockSize: Number(f.blockSize) as 512 | 1024,
      extent: box(f.extent, t.extent),
      padding: number(f.padding, t.padding),
      centerX: number(f.centerX, t.centerX),
      centerY: number(f.centerY, t.centerY),
      level: number(f.level, t.level),
      floor: number(f.floor, t.floor),
      ...(old && old.tileSet.name === tileSet && { parts: old.tileSet.parts }),
    },
    bounds: box(f.bounds, t.bounds),
    game: { a: a!, b: b!, c: c!, d: d!, e: e!, f: g! },
    floorAreas: f.areas.map((x, i) => {
      const prior = old?.floorAreas.find((p) => p.id === x.id);
      const at = `${t.area} ${i + 1}`;
      return {
        ...(x.id !== undefined && { id: x.id }),
        name: x.name.trim(),
        label: x.label.trim(),
        depth: number(x.depth, `${at} ${t.depth}`),
        extent: box(x.extent, `${at} ${t.extent}`),
        origin: numbers(x.origin, 2, `${at} ${t.origin}`) as unknown as [number, number],
        ...(prior && prior.name === x.name.trim() && old?.tileSet.name === tileSet && { parts: prior.parts }),
      };
    }),
  };
}

function Field({ label, value, onChange, wide }: { label: string; value: string; onChange: (v: string) => void; wide?: boolean }) {
  const id = useId();
  return (
    <label className={`region-field${wide ? ' region-field-wide' : ''}`} htmlFor={id}>
      <span>{label}</span>
      <input id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** Adds or edits a region and its floor areas (admins). */
export function RegionEditor() {
  const admin = useRegionAdmin();
  const regions = admin.world.data?.regions ?? [];
  const [chosen, setChosen] = useState<number | null>(0);
  const old = regions.find((r) => r.id === chosen);
  const [form, setForm] = useState<RegionForm>(EMPTY);
  const [error, setError] = useState('');
  const selectId = useId();
  // The chosen region's fields, again once the world is (re)loaded.
  useEffect(() => {
    setForm(old ? formOf(old) : EMPTY);
    setError('');
  }, [old]);
  const set = (k: keyof Omit<RegionForm, 'areas'>) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const setArea = (i: number, k: keyof Omit<AreaForm, 'id'>) => (v: string) =>
    setForm((f) => ({ ...f, areas: f.areas.map((a, j) => (j === i ? { ...a, [k]: v } : a)) }));
  const save = () => {
    setError('');
    let draft: RegionDraft;
    try {
      draft = draftOf(form, old);
    } catch (e) {
      return setError((e as Error).message);
    }
    admin.save.mutate(
      { id: old ? old.id : null, draft },
      {
        onSuccess: (r) => {
          setChosen(r.id);
          toast.success(t.saved(r.label));
        },
        onError: (e) => setError(asApiClientError(e).messageTranslated),
      },
    );
  };
  return (
    <section className="card region-editor" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>{t.title}</h2>
      <div className="mod-filters">
        <label htmlFor={selectId} className="catalogue-field">
          {t.region}
        </label>
        <select
          id={selectId}
          className="input"
          value={chosen ?? 'new'}
          onChange={(e) => setChosen(e.target.value === 'new' ? null : Number(e.target.value))}
        >
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id}. {r.label} ({r.floorAreas.length})
            </option>
          ))}
          <option value="new">{t.newRegion}</option>
        </select>
      </div>
      <div className="region-form-grid">
        <Field label={t.label} value={form.label} onChange={set('label')} />
        <Field label={t.name} value={form.name} onChange={set('name')} />
        <Field label={t.tileSet} value={form.tileSet} onChange={set('tileSet')} />
        <label className="region-field">
          <span>{t.blockSize}</span>
          <select className="input" value={form.blockSize} onChange={(e) => set('blockSize')(e.target.value)}>
            <option value="512">512</option>
            <option value="1024">1024</option>
          </select>
        </label>
        <Field label={t.extent} value={form.extent} onChange={set('extent')} wide />
        <Field label={t.bounds} value={form.bounds} onChange={set('bounds')} wide />
        <Field label={t.padding} value={form.padding} onChange={set('padding')} />
        <Field label={t.centerX} value={form.centerX} onChange={set('centerX')} />
        <Field label={t.centerY} value={form.centerY} onChange={set('centerY')} />
        <Field label={t.level} value={form.level} onChange={set('level')} />
        <Field label={t.floor} value={form.floor} onChange={set('floor')} />
        <Field label={t.game} value={form.game} onChange={set('game')} wide />
      </div>
      <h3>{t.areas(form.areas.length)}</h3>
      <ul className="list-reset region-areas">
        {form.areas.map((a, i) => (
          <li key={a.id ?? `new-${i}`} className="region-area" role="group" aria-label={`${t.area} ${i + 1}`} data-testid="region-area">
            <Field label={t.label} value={a.label} onChange={setArea(i, 'label')} />
            <Field label={t.name} value={a.name} onChange={setArea(i, 'name')} />
            <Field label={t.depth} value={a.depth} onChange={setArea(i, 'depth')} />
            <Field label={t.extent} value={a.extent} onChange={setArea(i, 'extent')} wide />
            <Field label={t.origin} value={a.origin} onChange={setArea(i, 'origin')} />
          </li>
        ))}
      </ul>
      <div className="mod-filters">
        <button
          type="button"
          className="btn"
          onClick={() =>
            setForm((f) => ({
              ...f,
              areas: [
                ...f.areas,
                { name: '', label: '', depth: '-1', extent: f.bounds, origin: f.bounds.split(',').slice(0, 2).join(',') },
              ],
            }))
          }
        >
          {t.addArea}
        </button>
        <button type="button" className="btn btn-primary" disabled={admin.save.isPending} onClick={save}>
          {t.save}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
