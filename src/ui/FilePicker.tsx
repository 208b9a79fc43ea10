import type { ReactNode } from 'react';

export interface FilePickerProps {
  /** The button's text. */
  label: ReactNode;
  /** The input's `accept` (extensions and types). */
  accept: string;
  /** No choosing while a chosen file is being read. */
  disabled?: boolean;
  /** A spinner before the label (the file is being read). */
  spinning?: boolean;
  onFile: (file: File) => void;
  'data-testid'?: string;
}

/**
 * A button that opens the file chooser: the file input is hidden inside its label (the label is what is pressed
 * and what the keyboard reaches). The input is emptied once a file is handed on, so choosing the same file again
 * (after fixing it) reads it again.
 */
export function FilePicker({ label, accept, disabled, spinning, onFile, 'data-testid': testId }: FilePickerProps) {
  return (
    <label className="btn">
      {spinning && <span className="spinner spinner-small" aria-hidden />}
      {label}
      <input
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
        data-testid={testId}
      />
    </label>
  );
}
