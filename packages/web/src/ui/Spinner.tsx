import './Spinner.css';

/**
 * An indeterminate progress indicator with a visible, announced label. The same element
 * react-aria's ProgressBar renders when indeterminate (role, name, range), written out: the entry
 * shows it while a page loads, and the ProgressBar brought its number formatting (for values this
 * spinner never shows) into the shared entry (docs/performance.md, 'What the shared entry carries').
 */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      className="ui-spinner"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
