import { messages } from '@portal/core';
import { Card } from '../../../../ui/Card.tsx';

/** How to install the archive in Shopify's admin and tell that the licence is active. */
export function InstallSteps() {
  const { title, steps } = messages.theme.install;
  return (
    <Card className="install-steps">
      <section aria-labelledby="install-steps-title">
        <h3 id="install-steps-title">{title}</h3>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
