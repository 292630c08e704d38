import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { faqItems } from '@portal/core';
import { Accordion } from './Disclosure.tsx';

const items = faqItems.map((item, index) => ({
  id: `faq-${index}`,
  title: item.question,
  content: item.answer,
}));

const meta = {
  title: 'Design system/Accordion',
  component: Accordion,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: { items },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opening one item closes the others (docs/product.md#landing-page, FAQ). */
export const AllClosed: Story = {};
export const FirstOpen: Story = { args: { defaultExpandedKeys: ['faq-0'] } };
export const SeveralOpen: Story = {
  args: { allowsMultipleExpanded: true, defaultExpandedKeys: ['faq-0', 'faq-1'] },
};
