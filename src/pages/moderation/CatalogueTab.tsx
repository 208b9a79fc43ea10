import { useEffect, useId, useState } from 'react';
import { useCatalogue, useCategoryGroups, type CategoryGroup } from '../../data';
import { iconColor } from '../../engine';
import { asApiClientError } from '../../api';
import { ko } from '../../i18n/ko';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { toast } from '../../ui/toast';
import { RegionEditor } from './RegionEditor';

const t = ko.moderation.catalogue;
const done = () => toast.success(t.done);

/** Largest icon file the server takes (server/images/category-icon.ts). */
const MAX_ICON_BYTES = 256 * 1024;

/**
 * A category's look: its colour (a colour picker; '기본 색' goes back to the glyph's own) and its raster
 * icon (a PNG or WebP file), previewed as the map will draw it before anything is saved.
 */
function LookEditor({ c }: { c: CategoryGroup['categories'][number] }) {
  const cat = useCatalogue();
  const id = useId();
  const [color, setColor] = useState<string | null>(c.color ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [fileKey, setFileKey] = useState(0);
  useEffect(() => setColor(c.color ?? null), [c.color]);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const colorChanged = (color ?? null) !== (c.color ?? null);
  const pick = (f: File | null) => {
    setError('');
    setFile(null);
    if (!f) return;
    if (f.type !== 'image/png' && f.type !== 'image/webp') return setError(t.iconBadType);
    if (f.size > MAX_ICON_BYTES) return setError(t.iconTooLarge);
    setFile(f);
  };
  const fail = (e: unknown) => setError(asApiClientError(e).messageTranslated);
  const save = async () => {
    setError('');
    try {
      if (colorChanged) await cat.editCategory.mutateAsync({ id: c.id, color });
      if (file) await cat.setIcon.mutateAsync({ id: c.id, file });
      setFile(null);
      setFileKey((k) => k + 1);
      done();
    } catch (e) {
      fail(e);
    }
  };
  const busy = cat.editCategory.isPending || cat.setIcon.isPending || cat.removeIcon.isPending;
  return (
    <div className="catalogue-look" role="group" aria-label={`${c.name} ${t.look}`}>
      <span className="catalogue-preview" title={t.preview}>
        <CategoryIcon icon={c.icon ?? 0} color={color} iconUrl={preview ?? c.iconUrl} size={36} />
      </span>
      <label className="catalogue-field" htmlFor={`${id}-color`}>
        {t.color}
        <input
          id={`${id}-color`}
          type="color"
          className="catalogue-color"
          value={color ?? iconColor(c.icon ?? 0)}
          onChange={(e) => setColor(e.target.value.toLowerCase())}
        />
      </label>
      <button type="button" className="btn btn-small" disabled={color === null} onClick={() => setColor(null)}>
        {t.defaultColor}
      </button>
      <label className="catalogue-field catalogue-file" htmlFor={`${id}-file`}>
        {t.iconFile}
        <input
          key={fileKey}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/webp"
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
        />
      </label>
      <button type="button" className="btn btn-small btn-primary" disabled={busy || (!colorChanged && !file)} onClick={() => void save()}>
        {t.saveLook}
      </button>
      {c.iconUrl && (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => cat.removeIcon.mutate(c.id, { onSuccess: done, onError: fail })}
        >
          {t.removeIcon}
        </button>
      )}
      {error && (
        <p className="field-error catalogue-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CategoryRow({ c, prev, groupIds }: { c: CategoryGroup['categories'][number]; prev: number[]; groupIds: number[] }) {
  const cat = useCatalogue();
  const [name, setName] = useState(c.name);
  const [tagGroup, setTagGroup] = useState('');
  const [tag, setTag] = useState('');
  return (
    <li className="mod-row" data-testid="catalogue-category">
      <CategoryIcon icon={c.icon ?? 0} color={c.color} iconUrl={c.iconUrl} size={22} />
      <input className="input" aria-label={`${c.name} ${t.name}`} value={name} onChange={(e) => setName(e.target.value)} />
      <button
        type="button"
        className="btn btn-small"
        disabled={name.trim() === c.name || !name.trim()}
        onClick={() => cat.editCategory.mutate({ id: c.id, name }, { onSuccess: done })}
      >
        {t.rename}
      </button>
      {prev.length > 0 && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() =>
            cat.order.mutate([...prev.slice(0, -1), c.id, prev.at(-1)!, ...groupIds.slice(prev.length + 1)], { onSuccess: done })
          }
        >
          {t.up}
        </button>
      )}
      <input
        className="input"
        style={{ width: '7rem' }}
        aria-label={`${c.name} ${t.tagGroup}`}
        placeholder={t.tagGroup}
        value={tagGroup}
        onChange={(e) => setTagGroup(e.target.value)}
      />
      <input
        className="input"
        style={{ width: '7rem' }}
        aria-label={`${c.name} ${t.tagName}`}
        placeholder={t.tagName}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
      />
      <button
        type="button"
        className="btn btn-small"
        disabled={!tagGroup.trim() || !tag.trim()}
        onClick={() =>
          cat.addTag.mutate(
            { id: c.id, groupName: tagGroup, name: tag },
            {
              onSuccess: () => {
                setTag('');
                done();
              },
            },
          )
        }
      >
        {t.addTag}
      </button>
      <LookEditor c={c} />
    </li>
  );
}

/** Catalogue upkeep for admins: regions and floor areas, add a category (name, group, icon), rename, reorder, add tags. */
export function CatalogueTab({ admin }: { admin: boolean }) {
  const groups = useCategoryGroups();
  const cat = useCatalogue();
  const [groupId, setGroupId] = useState(0);
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('0');
  if (!admin) return <p className="muted">{t.adminOnly}</p>;
  const list = groups.data ?? [];
  const gid = groupId || list[0]?.id || 0;
  return (
    <>
      <RegionEditor />
      <section className="card">
        <h2>{t.addTitle}</h2>
        <div className="mod-filters">
          <select className="input" aria-label={t.group} value={gid} onChange={(e) => setGroupId(Number(e.target.value))}>
            {list.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <input className="input" aria-label={t.name} placeholder={t.name} value={name} onChange={(e) => setName(e.target.value)} />
          <input
            className="input"
            style={{ width: '6rem' }}
            type="number"
            min={0}
            aria-label={t.icon}
            value={icon}
            onChange={(e) => setIcon(e.target.value)}
          />
          <button
            type="button"
            className="btn btn-primary"
            disabled={!name.trim() || !gid}
            onClick={() =>
              cat.addCategory.mutate(
                { groupId: gid, name, icon: Number(icon) || 0 },
                {
                  onSuccess: () => {
                    setName('');
                    done();
                  },
                },
              )
            }
          >
            {t.add}
          </button>
        </div>
      </section>
      {list.map((g) => {
        const ids = g.categories.map((c) => c.id);
        return (
          <section key={g.id} className="card">
            <h2>{g.name}</h2>
            <ul className="list-reset">
              {g.categories.map((c, i) => (
                <CategoryRow key={c.id} c={c} prev={ids.slice(0, i)} groupIds={ids} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
