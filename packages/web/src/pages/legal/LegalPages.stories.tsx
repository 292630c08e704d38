import type { Meta, StoryObj } from '@storybook/react-vite';
import { withServices } from '../../testing/StoryFrame.tsx';
import ContactPage from './ContactPage.tsx';
import PrivacyPage from './PrivacyPage.tsx';
import TermsPage from './TermsPage.tsx';

const meta = {
  title: 'Pages/Legal',
  decorators: [withServices({ path: '/terms' })],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = { render: () => <TermsPage /> };
export const Privacy: Story = { render: () => <PrivacyPage /> };
export const Contact: Story = { render: () => <ContactPage /> };
