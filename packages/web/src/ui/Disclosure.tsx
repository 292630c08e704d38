import { useId, type ReactNode, type SyntheticEvent } from 'react';
import './Disclosure.css';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Ids open on first render. */
  defaultExpandedKeys?: readonly string[];
  /** Several open at once; off by default: opening one item closes the others. */
  allowsMultipleExpanded?: boolean;
  headingLevel?: 2 | 3 | 4;
}

/**
 * Native disclosures (`<details>`), so that a prerendered page's questions open at the first tap,
 * before any script (docs/performance.md, 'Taps before the app'). One group shares a `name`: the
 * browser closes the others when one opens; the toggle handler does the same where `name` is not
 * supported yet (and in jsdom).
 */
export function Accordion({
  items,
  defaultExpandedKeys,
  allowsMultipleExpanded = false,
  headingLevel = 3,
}: AccordionProps) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  const closeOthers = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (allowsMultipleExpanded || !opened.open) return;
    for (const other of opened.parentElement?.children ?? []) {
      if (other !== opened && other instanceof HTMLDetailsElement) other.open = false;
    }
  };
  return (
    <div className="ui-accordion">
      {items.map((item) => (
        <details
          key={item.id}
          id={item.id}
          className="ui-disclosure"
          name={allowsMultipleExpanded ? undefined : group}
          open={defaultExpandedKeys?.includes(item.id)}
          onToggle={closeOthers}
        >
          <summary className="ui-disclosure__trigger">
            <Heading className="ui-disclosure__heading">{item.title}</Heading>
            <span className="ui-disclosure__chevron" aria-hidden="true">
              ▾
            </span>
          </summary>
          <div className="ui-disclosure__panel">
            <p>{item.content}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
