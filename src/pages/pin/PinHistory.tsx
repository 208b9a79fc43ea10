import { useMemo } from 'react';
import type { PinChange } from '../../../common/pin-diff';
import { isStaff, useCategoryGroups, useMe, useRevert, useRevisions, useTagGroups, type Revision } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { REGIONS, floorLabel, isKnownRegion } from '../../../common/regions';

const h = ko.history;

/** A date and time as Korean readers write it. */
export const formatTime = (iso: string): string => new Date(iso).toLocaleString('ko-KR', { dateStyle: 'medium', timeStyle: 'short' });

/** Names of tags and categories by id, for the history to name what changed (an unknown id reads as #id). */
interface Names {
  tag(id: number): string;
  category(id: number): string;
}

function useNames(): Names {
  const tags = useTagGroups().data;
  const groups = useCategoryGroups().data;
  return useMemo(() => {
    const tagNames = new Map((tags ?? []).flatMap((g) => g.tags.map((t) => [t.id, t.name] as const)));
    const categoryNames = new Map((groups ?? []).flatMap((g) => g.categories.map((c) => [c.id, c.name] as const)));
    return { tag: (id) => tagNames.get(id) ?? `#${id}`, category: (id) => categoryNames.get(id) ?? `#${id}` };
  }, [tags, groups]);
}

const regionName = (id: number) => (isKnownRegion(id) ? REGIONS[id]!.label : `#${id}`);

function Change({ c, names }: { c: PinChange; names: Names }) {
  switch (c.field) {
    case 'created':
      return <li>{h.created}</li>;
    case 'position':
      return (
        <li className="change-move">
          {h.moved(c.distance)}{' '}
          <span className="muted small">
            ({c.from.x.toFixed(0)}, {c.from.y.toFixed(0)}) → ({c.to.x.toFixed(0)}, {c.to.y.toFixed(0)})
          </span>
        </li>
      );
    case 'floor':
      return <li className="change-move">{h.floor(floorLabel(c.before), floorLabel(c.after))}</li>;
    case 'region':
      return <li className="change-move">{h.region(regionName(c.before), regionName(c.after))}</li>;
    case 'category':
      return <li>{h.category(names.category(c.before), names.category(c.after))}</li>;
    case 'tags':
      return <li>{h.tags(c.added.map(names.tag), c.removed.map(names.tag))}</li>;
    case 'description':
    case 'image':
      return (
        <li>
          {c.field === 'description' ? h.description : h.image}
          <div className="diff">
            <del>{c.before ?? h.none}</del>
            <ins>{c.after ?? h.none}</ins>
          </div>
        </li>
      );
  }
}

function Entry({ r, canRevert, latest, names }: { r: Revision; canRevert: boolean; latest: boolean; names: Names }) {
  const revert = useRevert();
  const onRevert = () => {
    if (!window.confirm(h.confirmRevert)) return;
    revert.mutate({ pinId: r.pinId, revisionId: r.id }, { onSuccess: () => toast.success(h.revertDone) });
  };
  return (
    <li className="revision" data-testid="revision">
      <div className="revision-head">
        <strong>{h.kind[r.kind] ?? r.kind}</strong>
        <span>{h.by(r.nickname)}</span>
        <time className="muted small" dateTime={r.createdAt}>
          {formatTime(r.createdAt)}
        </time>
        {r.revertedAt && <span className="chip">{h.reverted}</span>}
      </div>
      <ul className="revision-changes">
        {r.changes.length ? r.changes.map((c, i) => <Change key={i} c={c} names={names} />) : <li className="muted">{h.noChange}</li>}
      </ul>
      {canRevert && !latest && (
        <button type="button" className="btn btn-small" onClick={onRevert} disabled={revert.isPending}>
          {h.revertTo}
        </button>
      )}
    </li>
  );
}

/** The pin's revision history, visible to everyone; moderators and admins may revert to any revision. */
export function PinHistory({ pinId }: { pinId: number }) {
  const revisions = useRevisions(pinId);
  const canRevert = isStaff(useMe().data);
  const names = useNames();
  const list = revisions.data ?? [];
  return (
    <section className="pin-history" aria-labelledby="history-h">
      <h2 id="history-h">{h.title}</h2>
      {revisions.isSuccess && list.length === 0 && <p className="muted">{h.empty}</p>}
      <ol className="list-reset">
        {list.map((r, i) => (
          <Entry key={r.id} r={r} canRevert={canRevert} latest={i === 0} names={names} />
        ))}
      </ol>
    </section>
  );
}
