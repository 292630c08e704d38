import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { brandName } from '@portal/core';
import { showsPrerenderedValues, takeOverFrame } from './prerendered.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

export interface PageMainProps {
  /** The route name whose title the document shows (core's documentTitle adds the brand). */
  routeName: string;
  narrow?: boolean;
  /** Full width, no page padding (the landing page lays out its own sections). */
  bare?: boolean;
  children: ReactNode;
}

/**
 * A routed screen's main landmark. After each navigation focus moves to it, so screen reader and
 * keyboard users start reading the new page from its top instead of from a stale control. Focus
 * already inside the page stays where it is: on a prerendered page the visitor may be typing in a
 * field before the scripts take the page over.
 */
export function PageMain({ routeName, narrow, bare, children }: PageMainProps) {
  const ref = useRef<HTMLElement>(null);
  useDocumentTitle(routeName);
  const focusMain = () => {
    const main = ref.current;
    if (main !== null && !main.contains(document.activeElement))
      main.focus({ preventScroll: true });
  };
  const focusMainAfterNextFrame = () => requestAnimationFrame(() => setTimeout(focusMain, 0));
  // Whether this first render hydrates the page's prerendered HTML.
  const hydrates = useRef(showsPrerenderedValues()).current;
  // Set and read by this first render's two effects, in the same commit.
  let servedFrame = false;
  // The first screen replaces the frame the page was served with, before its first paint, or once
  // the parts it holds for show their data (`holdFrame`). The screen that replaced the frame is not
  // laid out yet: focusing it then would lay out the whole screen in the task that mounts it; after
  // the browser's next frame it costs nothing (docs/performance.md, 'The dashboard's long tasks').
  // A hydrated page is the same: its commit changed attributes all over it (120 ms at 4x on the
  // landing: docs/performance.md, 'Taps during hydration'). (Unmounted by then, the screen has no
  // main to focus: nothing happens.)
  useLayoutEffect(() => {
    servedFrame = takeOverFrame(focusMainAfterNextFrame);
  }, []);
  useEffect(() => {
    if (servedFrame) return;
    if (hydrates) focusMainAfterNextFrame();
    else focusMain();
  }, []);
  const main = (
    <main
      ref={ref}
      id="main"
      tabIndex={-1}
      className={bare ? 'page-bare' : narrow ? 'page page--narrow' : 'page'}
    >
      {children}
    </main>
  );
  if (bare) return main;
  return (
    <>
      <header className="site-header">
        <Link href="/" className="site-header__brand">
          {brandName}
        </Link>
      </header>
      {main}
    </>
  );
}
