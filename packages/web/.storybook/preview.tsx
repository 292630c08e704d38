import type { Preview } from '@storybook/react-vite';
import '../src/ui/tokens.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    // Any axe violation fails the story in the a11y panel, as it fails `pnpm test:storybook`.
    a11y: { test: 'error' },
  },
  decorators: [
    (Story) => {
      // Every screen is French; the iframe's own document says English otherwise.
      document.documentElement.lang = 'fr';
      return <Story />;
    },
  ],
};

export default preview;
