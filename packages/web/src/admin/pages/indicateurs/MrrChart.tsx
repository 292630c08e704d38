import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatEuros } from '@portal/core';
import 'uplot/dist/uPlot.min.css';

/** uPlot's date words in French (its own are English). */
const frenchDates: uPlot.DateNames = {
  MMMM: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  MMM: [
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juil.',
    'août',
    'sept.',
    'oct.',
    'nov.',
    'déc.',
  ],
  WWWW: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  WWW: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
};

const HEIGHT = 260;

/**
 * The MRR of the last 90 days as a line (docs/decisions.md, 'uPlot for the indicators'): a
 * picture of the trend; its numbers are in the table beside it, so the canvas is one image with
 * its name for assistive technologies.
 */
export function MrrChart({ x, y, label }: { x: number[]; y: number[]; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    // Without a 2D canvas (one blocked by the browser, a test's DOM) the table says the same.
    if (element === null || document.createElement('canvas').getContext('2d') === null) return;
    const chart = new uPlot(
      {
        width: element.clientWidth || 640,
        height: HEIGHT,
        // The series are UTC days.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        fmtDate: (template) => uPlot.fmtDate(template, frenchDates),
        legend: { show: false },
        cursor: { show: false },
        scales: { y: { range: (_, min, max) => [0, Math.max(max, min, 1) * 1.1] } },
        axes: [
          // '31 août' (uPlot's own ticks read '8/31').
          {
            values: (_, splits) =>
              splits.map((seconds) => {
                const day = new Date(seconds * 1000);
                return `${day.getUTCDate()} ${frenchDates.MMM[day.getUTCMonth()]}`;
              }),
          },
          { size: 80, values: (_, splits) => splits.map((value) => formatEuros(value)) },
        ],
        series: [
          {},
          {
            label: 'MRR',
            stroke: 'var(--color-primary, #4338ca)',
            width: 2,
            fill: 'rgb(67 56 202 / 0.08)',
          },
        ],
      },
      [x, y],
      element,
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() =>
            chart.setSize({ width: element.clientWidth || 640, height: HEIGHT }),
          );
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [x, y]);
  return <div ref={holder} className="admin-chart" role="img" aria-label={label} />;
}
