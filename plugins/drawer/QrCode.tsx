import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code drawn as SVG, synchronously (server and browser render the same markup). */
export function QrCode({ value, size = 140, label }: { value: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (modules.get(y, x)) d += `M${x + 2} ${y + 2}h1v1h-1z`;
    return { path: d, extent: n + 4 };
  }, [value]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#0b0e14" />
    </svg>
  );
}
