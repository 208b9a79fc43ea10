import { useState } from 'react';
import { useCatalogue, useCategoryGroups, type CategoryGroup } from '../../data';
import { ko } from '../../i18n/ko';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { toast } from '../../ui/toast';

const t = ko.moderation.catalogue;
const done = () => toast.success(t.done);

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
    </li>
  );
}

/** Catalogue upkeep for admins: add a category (name, group, icon), rename, reorder, add tags. */
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
