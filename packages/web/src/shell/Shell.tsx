import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button as AriaButton, Link } from 'react-aria-components';
import { useLocation } from 'wouter';
import {
  brandName,
  messages,
  pageTitle,
  routeTitles,
  selectIsCollapsed,
  selectIsMobile,
  selectIsOverlayVisible,
  selectIsSidebarOpen,
} from '@portal/core';
import { useServices } from '../app/services.tsx';
import { SidebarSlotContext } from './SidebarSection.tsx';
import { SidebarProvider, useSidebarEvents, useSidebarSelector } from './sidebarFlow.ts';
import './shell.css';

/** docs/product.md#application-shell: the shell's sidebar entries, by route name; only the dashboard navigates. */
const entries = ['Dashboard', 'Users', 'Projects', 'Analytics', 'Settings'] as const;
const paths: Readonly<Record<string, string>> = { '/dashboard': 'Dashboard' };

export const shellSidebarId = 'shell-sidebar';

/**
 * The viewport's width; the dashboard's served frame (pages/dashboard/frame/DashboardFrame.tsx) is drawn
 * at build time, without a window, as on a wide screen (its CSS hides the sidebar on narrow ones).
 */
function viewportWidth(): number {
  return typeof window === 'undefined' ? 1280 : window.innerWidth;
}

/**
 * The application shell around authenticated screens: one frame (see docs/decisions.md, 'One
 * frame') with one sidebar, holding the main navigation and the page's own section, one toggle in
 * the header, the page title and the content area.
 */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider input={{ viewportWidth: viewportWidth() }}>
      <ShellFrame>{children}</ShellFrame>
    </SidebarProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const { notify } = useServices();
  const [location] = useLocation();
  const routeName = paths[location] ?? null;
  const isOpen = useSidebarSelector(selectIsSidebarOpen);
  const isMobile = useSidebarSelector(selectIsMobile);
  const collapsed = useSidebarSelector(selectIsCollapsed);
  const overlay = useSidebarSelector(selectIsOverlayVisible);
  const { toggle, close, chosen, resize } = useSidebarEvents();
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  // The page's section is rendered once its place exists, at a transition's priority: a plain
  // update from the commit rendered it synchronously in the task that mounts the screen
  // (docs/performance.md, 'The dashboard's long tasks').
  const placeSection = useCallback((element: HTMLElement | null) => {
    startTransition(() => setSlot(element));
  }, []);

  useEffect(() => {
    const onResize = () => resize(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [resize]);

  // The overlay takes focus where the user is (the page's current entry, else the first one);
  // Escape closes it and gives focus back to its button.
  useEffect(() => {
    if (!overlay) return;
    const sidebar = sidebarRef.current;
    const current = sidebar?.querySelectorAll<HTMLElement>('[aria-current="page"]');
    const target =
      current?.[current.length - 1] ?? sidebar?.querySelector<HTMLElement>('a, button');
    target?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [overlay, close]);

  return (
    <div className="shell" data-open={isOpen || undefined} data-mobile={isMobile || undefined}>
      <aside
        id={shellSidebarId}
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
                      onPress={chosen}
                    >
                      {content}
                    </Link>
                  ) : (
                    <AriaButton
                      className="shell__entry"
                      aria-label={isOpen ? undefined : label}
                      onPress={() => {
                        notify({ type: 'warning', message: messages.shell.inDevelopment });
                        chosen();
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
        {/* The page's own navigation; the rail (collapsed on desktop) shows the main one only. */}
        <div ref={placeSection} className="shell__section" hidden={collapsed} />
      </aside>
      {overlay ? <div className="shell__backdrop" aria-hidden="true" onClick={close} /> : null}
      <div className="shell__main">
        <header className="shell__header">
          <AriaButton
            ref={toggleRef}
            className="shell__toggle"
            aria-label="Navigation principale"
            aria-expanded={isOpen}
            aria-controls={shellSidebarId}
            onPress={toggle}
          >
            <span aria-hidden="true">☰</span>
          </AriaButton>
          <h1 className="shell__title">{pageTitle(routeName)}</h1>
        </header>
        <SidebarSlotContext.Provider value={slot}>
          <div className="shell__content">{children}</div>
        </SidebarSlotContext.Provider>
      </div>
    </div>
  );
}
