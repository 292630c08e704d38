import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messages } from '@portal/core';
import { adminAnswers } from '../testing/sampleAdminData.ts';
import { json } from '../testing/sampleBackend.ts';
import { sampleAdmin } from '../testing/sampleData.ts';
import { withServices } from '../testing/StoryFrame.tsx';
import { AdminApp } from './AdminApp.tsx';

const meta = {
  title: 'Back office/Frame',
  component: AdminApp,
  decorators: [
    withServices({
      path: '/admin',
      signedIn: true,
      answers: { ...adminAnswers, 'GET /api/client/profile': () => json({ admin: sampleAdmin }) },
    }),
  ],
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header, the navigation and the Clients page an admin lands on. */
export const SignedInAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('navigation', { name: messages.admin.shell.navLabel }),
    ).toBeVisible();
    await expect(await canvas.findByText(sampleAdmin.email)).toBeVisible();
  },
};
