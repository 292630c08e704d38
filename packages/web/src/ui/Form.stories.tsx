import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { messages } from '@portal/core';
import { Button } from './Button.tsx';
import { Form } from './Form.tsx';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Design system/Form',
  component: Form,
  parameters: { layout: 'padded', ...isolatedComponent },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Core's messages arrive as `validationErrors`; the browser's own validation stays off. */
export const WithServerErrors: Story = {
  args: {
    'aria-label': 'Connexion',
    validationErrors: {
      email: messages.validation.emailInvalid,
      password: messages.validation.passwordMin6,
    },
    children: (
      <>
        <TextField label="Email" name="email" type="email" defaultValue="marie@" />
        <TextField label="Mot de passe" name="password" type="password" defaultValue="abc" />
        <Button type="submit">Se connecter</Button>
      </>
    ),
  },
};
