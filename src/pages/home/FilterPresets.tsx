import { useState, type FormEvent } from 'react';
import { setCategories, setHighlightedTags, useStore } from '../../state';
import { PRESET_LIMITS, useDeletePreset, useMe, usePresets, useSavePreset, type FilterPreset } from '../../data';
import { useSettings } from '../session';
import { Icon } from '../../ui/icons';
import { toast } from '../../ui/toast';
import { ko } from '../../i18n/ko';

const t = ko.presets;

const sameSet = (a: readonly number[], b: readonly number[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/**
 * The filter presets of the map's panel: the current categories, highlighted tags and hide-found saved under a
 * name, and each preset one tap away (pressed while the map shows exactly it). The account's when signed in,
 * this device's for a visitor.
 */
export function FilterPresets() {
  const snap = useStore();
  const me = useMe().data;
  const presets = usePresets().data ?? [];
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [, updateSettings] = useSettings();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const isCurrent = (p: FilterPreset) =>
    p.hideChecked === snap.homeFilters.hideChecked &&
    sameSet(p.categories, snap.homeFilters.categories) &&
    sameSet(p.tags, snap.highlightedTags);
  const apply = (p: FilterPreset) => {
    setCategories(p.categories);
    setHighlightedTags(p.tags);
    updateSettings({ hideChecked: p.hideChecked });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim().replace(/\s+/g, ' ');
    if (!n) return setError(t.nameEmpty);
    const replacing = presets.some((p) => p.name === n);
    if (!replacing && presets.length >= PRESET_LIMITS.presets) return setError(t.full(PRESET_LIMITS.presets));
    setError(null);
    save.mutate(
      { name: n, categories: [...snap.homeFilters.categories], tags: [...snap.highlightedTags], hideChecked: snap.homeFilters.hideChecked },
      {
        onSuccess: () => {
          toast.success(replacing ? t.replaced(n) : t.saved(n));
          setNaming(false);
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="preset-h" className="filter-presets">
      <div className="panel-row">
        <h2 id="preset-h" className="panel-h">
          {t.title}
        </h2>
        <span className="spacer" />
        {!naming && (
          <button type="button" className="btn btn-small" onClick={() => setNaming(true)}>
            {t.save}
          </button>
        )}
      </div>
      {naming && (
        <form className="preset-form" onSubmit={submit}>
          <input
            className="input"
            autoFocus
            value={name}
            maxLength={PRESET_LIMITS.name}
            aria-label={t.nameLabel}
            placeholder={t.namePlaceholder}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-small btn-primary" disabled={save.isPending}>
            {t.saveShort}
          </button>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => (setNaming(false), setError(null))}>
            {t.cancel}
          </button>
        </form>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {presets.length > 0 ? (
        <div className="chips" role="group" aria-label={t.title}>
          {presets.map((p) => (
            <span key={p.id} className="preset-chip">
              <button
                type="button"
                className="chip"
                aria-pressed={isCurrent(p)}
                aria-label={t.apply(p.name, p.categories.length)}
                onClick={() => apply(p)}
              >
                {p.name}
              </button>
              <button
                type="button"
                className="chip-remove"
                aria-label={t.delete(p.name)}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id, { onSuccess: () => toast.success(t.deleted(p.name)) })}
              >
                <Icon name="close" className="inline-icon" />
              </button>
            </span>
          ))}
        </div>
      ) : (
        !naming && <p className="muted small panel-note">{t.hint}</p>
      )}
      {naming && me === null && <p className="muted small panel-note">{t.visitorHint}</p>}
    </section>
  );
}
