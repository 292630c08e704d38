import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messages } from '@portal/core';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { json, pending, refuse } from '../../../testing/sampleBackend.ts';
import { withServices } from '../../../testing/StoryFrame.tsx';
import ClientsPage from './ClientsPage.tsx';

const listCall = 'GET /api/admin/customers';

const meta = {
  title: 'Back office/Clients',
  component: ClientsPage,
  decorators: [withServices({ path: '/admin', answers: adminAnswers })],
} satisfies Meta<typeof ClientsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' }),
    ).toBeVisible();
  },
};

/** Sorted by shop domain, ascending (from the address). */
export const Sorted: Story = {
  decorators: [withServices({ path: '/admin?sort=shop_domain&order=asc', answers: adminAnswers })],
};

export const Loading: Story = {
  decorators: [withServices({ path: '/admin', answers: { [listCall]: pending } })],
};

export const NothingFound: Story = {
  decorators: [withServices({ path: '/admin?q=personne', answers: adminAnswers })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.admin.clients.empty),
    ).toBeVisible();
  },
};

export const ManyPages: Story = {
  decorators: [
    withServices({
      path: '/admin',
      answers: {
        [listCall]: ({ url }) =>
          json({
            customers: [],
            total: 80,
            page: Number(url.searchParams.get('page') ?? '1'),
            per_page: 25,
          }),
      },
    }),
  ],
};

export const Failed: Story = {
  decorators: [withServices({ path: '/admin', answers: { [listCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.http[500])).toBeVisible();
  },
};

export const SearchTooLong: Story = {
  decorators: [withServices({ path: `/admin?q=${'x'.repeat(201)}`, answers: adminAnswers })],
};
