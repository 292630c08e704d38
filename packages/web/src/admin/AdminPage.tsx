import { useEffect, useRef, type ReactNode } from 'react';
import { messages } from '@portal/core';
import { useDocumentTitle } from '../app/useDocumentTitle.ts';
import './admin.css';

export interface AdminPageProps {
  /** The page's heading, also the document's title ('Clients · Back-office · Theme Portal'). */
  title: string;
  /** Beside the heading: the page's own actions. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A back-office page's main landmark and heading. Focus moves to it after each navigation, so
 * screen reader and keyboard users start reading the new page from its top.
 */
export function AdminPage({ title, actions, children }: AdminPageProps) {
  const ref = useRef<HTMLElement>(null);
  useDocumentTitle(`${title} · ${messages.admin.shell.title}`);
  useEffect(() => {
    const main = ref.current;
    if (main !== null && !main.contains(document.activeElement))
      main.focus({ preventScroll: true });
  }, [title]);
  return (
    <main ref={ref} id="main" tabIndex={-1} className="admin-page">
      <div className="admin-page__head">
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </main>
  );
}
