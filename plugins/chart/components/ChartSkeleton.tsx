/** Placeholder candles shown (and rendered on the server) until the chart has data. */
const HEIGHTS = [38, 52, 45, 61, 57, 70, 64, 48, 55, 67, 74, 69, 58, 62, 77, 71, 66, 80, 73, 68, 76, 84, 79, 72];

export function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="chart-skeleton" role="status" aria-busy="true">
      <span className="chart-visually-hidden">{label}</span>
      <div className="chart-skeleton__bars" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${HEIGHTS.length}, 1fr)` }}>
        {HEIGHTS.map((h, i) => (
          <span key={i} style={{ height: `${h}%` }} />
        ))}
      </div>
      <div className="chart-skeleton__pane" aria-hidden="true" />
    </div>
  );
}
