import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type Key,
} from 'react-aria-components';
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

export function Accordion({
  items,
  defaultExpandedKeys,
  allowsMultipleExpanded = false,
  headingLevel = 3,
}: AccordionProps) {
  return (
    <DisclosureGroup
      className="ui-accordion"
      allowsMultipleExpanded={allowsMultipleExpanded}
      defaultExpandedKeys={defaultExpandedKeys as Key[] | undefined}
    >
      {items.map((item) => (
        <AriaDisclosure key={item.id} id={item.id} className="ui-disclosure">
          <Heading level={headingLevel} className="ui-disclosure__heading">
            <AriaButton slot="trigger" className="ui-disclosure__trigger">
              <span>{item.title}</span>
              <span className="ui-disclosure__chevron" aria-hidden="true">
                ▾
              </span>
            </AriaButton>
          </Heading>
          <DisclosurePanel className="ui-disclosure__panel">
            <p>{item.content}</p>
          </DisclosurePanel>
        </AriaDisclosure>
      ))}
    </DisclosureGroup>
  );
}
