import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface Line {
  label: string;
  values: (number | null)[];
  color: string;
  /** A threshold is drawn dashed. */
  dash?: number[];
}

const HEIGHT = 220;

/**
 * A per-day line chart (uPlot, canvas). The figure's caption names it and the drawing carries a
 * description for screen readers; the view beside it gives the same figures as a table.
 */
export const Chart = ({
  title,
  description,
  days,
  lines,
  format,
  min = 0,
}: {
  title: string;
  description: string;
  days: string[];
  lines: Line[];
  format: (value: number) => string;
  min?: number;
}) => {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current!;
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const highest = Math.max(min, ...lines.flatMap((line) => line.values.filter((v): v is number => v !== null)));
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        // The days are UTC days, as the API counts them.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: () => [0, highest > 0 ? highest * 1.1 : 1] } },
        axes: [
          { stroke: '#333', grid: { stroke: '#e4e4e7' } },
          { stroke: '#333', grid: { stroke: '#e4e4e7' }, size: 64, values: (_u, values) => values.map(format) },
        ],
        series: [
          {},
          ...lines.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            dash: line.dash,
            points: { show: days.length <= 31 && !line.dash },
          })),
        ],
      },
      [x, ...lines.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const resize = () => plot.setSize({ width: element.clientWidth || 600, height: HEIGHT });
    addEventListener('resize', resize);
    return () => {
      removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, lines]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={target} role="img" aria-label={description} />
      <ul class="legend">
        {lines.map((line) => (
          <li key={line.label}>
            <span
              class={`swatch${line.dash ? ' dashed' : ''}`}
              ref={(el) => el?.style.setProperty('--swatch', line.color)}
            />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
};
