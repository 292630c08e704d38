import { useEffect, useRef, type ReactNode } from 'react';
import { Button as AriaButton, Link } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useInspectedMachine } from '../app/useInspectedMachine.ts';
import {
  brandName,
  messages,
  pageTitle,
  routeTitles,
  selectIsMobile,
  selectIsOverlayVisible,
  selectIsSidebarOpen,
  sidebarMachine,
} from '@portal/core';
import { useServices } from '../app/services.tsx';
import './shell.css';

/** Spec 2: the shell's sidebar entries, by route name; only the dashboard navigates. */
const entries = ['Dashboard', 'Users', 'Projects', 'Analytics', 'Settings'] as const;
const paths: Readonly<Record<string, string>> = { '/dashboard': 'Dashboard' };

const sidebarId = 'shell-sidebar';

/**
 * The application shell around authenticated screens: collapsible sidebar, header with the page
 * title, content area. Its open state is not remembered (only the dashboard's sidebar is).
 */
export function Shell({ children }: { children: ReactNode }) {
  const { notify } = useServices();
  const [location] = useLocation();
  const routeName = paths[location] ?? null;
  const [sidebar, send] = useInspectedMachine(sidebarMachine, {
    input: { viewportWidth: window.innerWidth },
  });

  useEffect(() => {
    const onResize = () => send({ type: 'viewport.resize', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [send]);

  const isOpen = selectIsSidebarOpen(sidebar);
  const isMobile = selectIsMobile(sidebar);
  const overlay = selectIsOverlayVisible(sidebar);
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => send({ type: 'sidebar.close' });

  // The overlay takes focus when it opens; Escape closes it and gives focus back to its button.
  useEffect(() => {
    if (!overlay) return;
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      send({ type: 'sidebar.close' });
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [overlay, send]);
  const afterChoice = () => {
    if (isMobile) close();
  };

  return (
    <div className="shell" data-open={isOpen || undefined} data-mobile={isMobile || undefined}>
      <aside
        id={sidebarId}
        className="shell__sidebar"
        aria-label="Barre latérale"
        ref={sidebarRef}
        hidden={isMobile && !isOpen}
      >
        <p className="shell__brand" aria-hidden="true">
          <span className="shell__logo">T</span>
          <span className="shell__label">{brandName}</span>
        </p>
        <nav aria-label="Navigation principale">
          <ul className="shell__nav">
            {entries.map((name) => {
              const label = routeTitles[name] ?? name;
              const content = (
                <>
                  <span className="shell__icon" aria-hidden="true">
                    {label.charAt(0)}
                  </span>
                  <span className="shell__label">{label}</span>
                </>
              );
              return (
                <li key={name}>
                  {name === 'Dashboard' ? (
                    <Link
                      href="/dashboard"
                      className="shell__entry"
                      aria-label={isOpen ? undefined : label}
                      aria-current={routeName === name ? 'page' : undefined}
                      onPress={afterChoice}
                    >
                      {content}
                    </Link>
                  ) : (
                    <AriaButton
                      className="shell__entry"
                      aria-label={isOpen ? undefined : label}
                      onPress={() => {
                        notify({ type: 'warning', message: messages.shell.inDevelopment });
                        afterChoice();
                      }}
                    >
                      {content}
                    </AriaButton>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      {overlay ? <div className="shell__backdrop" aria-hidden="true" onClick={close} /> : null}
      <div className="shell__main">
        <header className="shell__header">
          <AriaButton
            ref={toggleRef}
            className="shell__toggle"
            aria-label="Navigation principale"
            aria-expanded={isOpen}
            aria-controls={sidebarId}
            onPress={() => send({ type: 'sidebar.toggle' })}
          >
            <span aria-hidden="true">☰</span>
          </AriaButton>
          <h1 className="shell__title">{pageTitle(routeName)}</h1>
        </header>
        <div className="shell__content">{children}</div>
      </div>
    </div>
  );
}
