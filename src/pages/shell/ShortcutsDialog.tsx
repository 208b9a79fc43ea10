import { useState } from 'react';
import { useKeydown } from '../../ui/use-keydown';
import { Dialog } from '../../ui/Dialog';
import { ko } from '../../i18n/ko';

/** The keyboard shortcut list, opened with ? anywhere but in a text field. */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);
  useKeydown((e) => {
    if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if ((e.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable="true"]')) return;
    e.preventDefault();
    setOpen(true);
  });
  const k = ko.keyboard;
  return (
    <Dialog
      open={open}
      title={k.shortcutsTitle}
      onClose={() => setOpen(false)}
      className="shortcuts-dialog"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
          {ko.common.close}
        </button>
      }
    >
      {k.groups.map((g) => (
        <section key={g.title} className="shortcut-group">
          <h3>{g.title}</h3>
          <dl className="shortcut-list">
            {g.keys.map(([key, what]) => (
              <div key={key}>
                <dt>
                  <kbd>{key}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
