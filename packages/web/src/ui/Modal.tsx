import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import './Modal.css';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog; not for the landing page (it stays out of the landing chunk). */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  isDismissable = true,
  role,
}: ModalProps) {
  return (
    <ModalOverlay
      className="ui-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <AriaModal className="ui-modal">
        <Dialog className="ui-dialog" role={role}>
          <Heading slot="title" className="ui-dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
