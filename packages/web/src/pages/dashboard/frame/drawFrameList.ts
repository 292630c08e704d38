import {
  currentSubscriptionPath,
  drawLicenceList,
  licenceListTemplateId,
  licencesPath,
} from './frameList.ts';
import { markFrameDrawn } from './drawnTab.ts';

/**
 * The served frame's own script (scripts/prerender.mjs loads it at once, before the app): once
 * the loader's early calls for the list are answered, it draws the list in the frame
 * (frameList.ts), unless the app has replaced the frame by then. It reads copies of the answers:
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
      const frame = document.getElementById(licenceListTemplateId)?.parentElement;
      if (frame === undefined || frame === null) return;
      if (drawLicenceList(frame, licencesBody, currentBody)) markFrameDrawn(frame);
    })
    // A copy that cannot be read (the app took the answer first) leaves the frame to the app.
    .catch(() => undefined);
}
