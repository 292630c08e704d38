import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import './Modal.css';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog, the browser's own: a `<dialog>` shown with `showModal()`, so the page behind is
 * inert and the focus stays in it; Escape (or a phone's back gesture) and a press on the backdrop
 * ask to close it when `isDismissable`; closed, focus goes back where it was. Not for the landing
 * page (it stays out of the landing chunk). Why not react-aria's overlay: docs/decisions.md,
 * 'Dialogs are the browser's'.
 */
export function Modal({ isOpen, ...props }: ModalProps) {
  return isOpen ? <OpenModal {...props} /> : null;
}

const tabbable = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Tab past the last field or button comes back to the first, and Shift+Tab past the first to the
 * last: the browser would leave the page for its own controls (WAI-ARIA's modal dialog pattern).
 */
function keepFocusIn(dialog: HTMLDialogElement, event: KeyboardEvent<HTMLDialogElement>) {
  const inOrder = [...dialog.querySelectorAll<HTMLElement>(tabbable)].filter((element) =>
    element.checkVisibility(),
  );
  const first = inOrder[0];
  const last = inOrder.at(-1);
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  const wrapTo = event.shiftKey
    ? active === first || active === dialog
      ? last
      : null
    : active === last
      ? first
      : null;
  if (wrapTo === null) return;
  event.preventDefault();
  wrapTo.focus();
}

function OpenModal({
  onOpenChange,
  title,
  children,
  isDismissable = true,
  role,
}: Omit<ModalProps, 'isOpen'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The content comes once the dialog is shown, so that what asks for focus first (`autoFocus`)
  // gets it; without one the dialog itself has it. It renders in the task after the frame that
  // shows the dialog: the press is answered by that paint, not by the content's render
  // (docs/decisions.md, 'A dialog answers its press with its frame').
  const [shown, setShown] = useState(false);
  // Where focus goes back to, read as the dialog renders: by its commit a trigger that what it
  // opened disables has lost focus already.
  const [before] = useState(() => document.activeElement);
  // A press that began on the backdrop (a text selection dragged out of the box ends there too).
  const pressedBackdrop = useRef(false);
  const close = () => {
    if (isDismissable) onOpenChange?.(false);
  };
  // Before the first paint: the dialog is drawn open, over an inert page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    dialog.showModal();
    dialog.focus();
    // A frame's callback runs before that frame's paint, a timer set there after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      // The browser gives focus back on `close()`, not every browser, and not to a button still
      // disabled by what the dialog did: on the next frame, focus goes back if it was lost. A
      // trigger gone meanwhile (a deleted row) leaves it to the page
      // (pages/dashboard/parts/useFocusAfterClose.ts).
      dialog.close();
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && before instanceof HTMLElement && before.isConnected) before.focus();
      });
    };
  }, [before]);
  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      className="ui-modal"
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') return keepFocusIn(event.currentTarget, event);
        if (event.key !== 'Escape') return;
        // Not the browser's own cancel as well (it would close a dialog that is not dismissable).
        event.preventDefault();
        close();
      }}
      // The backdrop: a press outside the content box lands on the dialog itself.
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) close();
      }}
    >
      <div className="ui-dialog">
        <h3 id={titleId} className="ui-dialog__title">
          {title}
        </h3>
        {shown ? children : null}
      </div>
    </dialog>
  );
}
