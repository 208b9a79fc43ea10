import type { PinRecord } from '../../workers/pins/api';

const SHORT = 40;

/** A pin's title in lists and announcements: its category name and the start of its description (else its tags). */
export function pinTitle(p: Pick<PinRecord, 'description' | 'tags'>, category: string): string {
  const d = p.description?.trim().split('\n')[0] ?? '';
  const short = d.length > SHORT ? `${d.slice(0, SHORT)}…` : d;
  const rest = short || p.tags.map((t) => t.name).join(', ');
  return rest ? `${category} · ${rest}` : category;
}
