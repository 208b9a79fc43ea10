import type { PinDetail } from '../../common/api/schemas';
import { api } from '../api';
import { getPinsWorker } from '../../workers/pins/client';
import type { PinRecord } from '../../workers/pins/api';
import { paths } from './keys';

/**
 * A pin the worker holds, with its texts: a pin held from a region snapshot carries none (only the map's own
 * fields travel there), so its description and tag names are read from its detail on demand. Null when the
 * worker does not hold it.
 */
export async function pinWithTexts(id: number): Promise<PinRecord | null> {
  const p = await getPinsWorker().getPin(id);
  if (!p || p.description !== undefined || (p.tagIds.length > 0 && p.tags.length > 0)) return p;
  const d = await api.get<PinDetail>(paths.pin(id), { suppressToast: true }).catch(() => null);
  if (!d) return p;
  return { ...p, description: d.description ?? '', tags: d.tags.map((t) => ({ id: t.id, name: t.name })) };
}
