import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { formatEuros } from '@portal/core';
import { ComponentShowcase, SHOWCASE_PAGE_SIZE, shopColumns } from './ComponentShowcase.tsx';
import { DataTable, DEFAULT_TABLE_PAGE_SIZE } from './DataTable.tsx';
import { DemoDashboard } from './DemoDashboard.tsx';
import { demoPlans, demoShops } from './demoData.ts';
import { asShown } from './play.ts';

/**
 * The sample-data screens (docs/product.md#sample-data): in Storybook and nowhere in the running
 * app.
 */
const meta = {
  title: 'Sample data/Screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hard-coded shops, revenue, plan distribution, alerts and activity. */
export const DemoDashboardScreen: Story = {
  name: 'Demo dashboard',
  render: () => <DemoDashboard />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const title of [
      'Chiffres clés',
      'Répartition des formules',
      'Alertes',
      'Activité récente',
    ]) {
      await expect(canvas.getByRole('heading', { name: title })).toBeVisible();
    }
  },
};

/** The demo plans at 9, 29 and 99 euros a month, and the table at 5 rows a page. */
export const ComponentShowcaseScreen: Story = {
  name: 'Component showcase',
  render: () => <ComponentShowcase />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(demoPlans.map((plan) => plan.price)).toEqual([9, 29, 99]);
    for (const plan of demoPlans) {
      await expect(canvas.getByText(asShown(formatEuros(plan.price)))).toBeVisible();
    }
    await expect(SHOWCASE_PAGE_SIZE).toBe(5);
    const table = within(canvas.getByRole('grid', { name: 'Boutiques' }));
    // One header row and five shops.
    await expect(table.getAllByRole('row')).toHaveLength(1 + SHOWCASE_PAGE_SIZE);
    await expect(canvas.getByText('Page 1 sur 3')).toBeVisible();
  },
};

/** The showcase's table turned to its last page: the two remaining shops. */
export const ShowcaseTableLastPage: Story = {
  render: () => (
    <main>
      <DataTable
        label="Boutiques"
        columns={shopColumns}
        rows={demoShops}
        pageSize={SHOWCASE_PAGE_SIZE}
      />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Suivant' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Suivant' }));
    await expect(canvas.getByText('Page 3 sur 3')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + 2);
    await expect(canvas.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  },
};

/** Without a page size, a table shows 10 rows a page (docs/product.md#sample-data). */
export const TableDefaultPageSize: Story = {
  render: () => (
    <main>
      <DataTable label="Boutiques" columns={shopColumns} rows={demoShops} />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(DEFAULT_TABLE_PAGE_SIZE).toBe(10);
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + DEFAULT_TABLE_PAGE_SIZE);
    await expect(canvas.getByText('Page 1 sur 2')).toBeVisible();
  },
};
