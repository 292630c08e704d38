import { messages, selectCustomerAction } from '@portal/core';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { customerFlow } from './customerFlow.ts';

const texts = messages.admin.customer;
const words = { 'password-reset': texts.passwordReset, 'onboarding-link': texts.onboardingLink };

/** The confirmation of an action on the customer, with its reason (kept in the journal). */
export function CustomerActionDialog({ email }: { email: string }) {
  const action = customerFlow.useSelector(selectCustomerAction);
  const { changeReason, confirm, cancel } = customerFlow.useEvents();
  const text = action === null ? null : words[action.kind];
  return (
    <Modal
      isOpen={action !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      isDismissable={!(action?.pending ?? false)}
      title={text?.title ?? ''}
    >
      {action === null || text === null ? null : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {action.error !== null ? <Banner tone="error">{action.error}</Banner> : null}
          <p>{text.body(email)}</p>
          <TextField
            label={texts.reasonLabel}
            value={action.reason}
            onChange={changeReason}
            errorMessage={action.reasonError ?? undefined}
            autoFocus
          />
          <div className="modal-actions">
            <Button variant="secondary" onPress={cancel} isDisabled={action.pending}>
              {texts.cancel}
            </Button>
            <Button type="submit" isPending={action.pending}>
              {action.pending ? text.pending : text.confirm}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
