import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messages } from '@portal/core';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { pending, refuse } from '../../../testing/sampleBackend.ts';
import { withServices } from '../../../testing/StoryFrame.tsx';
import JournalPage from './JournalPage.tsx';

const journalCall = 'GET /api/admin/journal';

const meta = {
  title: 'Back office/Journal',
  component: JournalPage,
  decorators: [withServices({ path: '/admin/journal', answers: adminAnswers })],
} satisfies Meta<typeof JournalPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Events: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Envoi du lien de réinitialisation'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  decorators: [withServices({ path: '/admin/journal', answers: { [journalCall]: pending } })],
};

export const NothingFound: Story = {
  decorators: [withServices({ path: '/admin/journal?q=personne', answers: adminAnswers })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.admin.journal.empty),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  decorators: [withServices({ path: '/admin/journal', answers: { [journalCall]: refuse(500) } })],
};
