import { lazy, Suspense } from 'react';

// The tracker's dialog (and its connection code) loads only when a player opens it.
const TrackerDialog = lazy(() => import('./TrackerDialog').then((m) => ({ default: m.TrackerDialog })));

/** Mounts the tracker connect dialog when the shell asks for it. */
export function TrackerHost({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TrackerDialog open={open} onClose={onClose} />
    </Suspense>
  );
}
