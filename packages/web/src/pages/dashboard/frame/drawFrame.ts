import { currentSubscriptionPath, licencesPath } from './answers.ts';
import { drawLicencesTab, licencesTabTemplateId } from './licencesTab.ts';
import { markFrameDrawn } from './drawnTab.ts';

/**
 * The served frame's own script (scripts/prerender.mjs loads it at once, before the app): once
 * the loader's early calls for the licences tab are answered, it draws the tab in the frame
 * (licencesTab.ts), unless the app has replaced the frame by then. It reads copies of the answers:
 * the app adopts the answers themselves.
 */
const early = window.portalEarlyCalls;
const bodyOf = (path: string) =>
  early?.answers[path]?.then((answer) => (answer.ok ? answer.clone().json() : null));
const licences = bodyOf(licencesPath);
const current = bodyOf(currentSubscriptionPath);

if (licences !== undefined && current !== undefined) {
  Promise.all([licences, current])
    .then(([licencesBody, currentBody]) => {
      const frame = document.getElementById(licencesTabTemplateId)?.parentElement;
      if (frame === undefined || frame === null) return;
      if (drawLicencesTab(frame, licencesBody, currentBody)) markFrameDrawn(frame);
    })
    // A copy that cannot be read (the app took the answer first) leaves the frame to the app.
    .catch(() => undefined);
}
