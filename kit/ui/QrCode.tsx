import QRCode from 'qrcode';
import { useMemo } from 'react';

export interface QrCodeProps {
  /** The text encoded (a URL). */
  value: string;
  /** Rendered width and height in px (spec 001 §9: download QR default 140). */
  size?: number;
  /** Accessible name of the image. */
  label: string;
  className?: string;
}

/** Path data of the dark modules, one unit per module, after a quiet zone of `margin` modules. */
export function qrPath(value: string, margin = 2): { path: string; extent: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (modules.get(y, x)) path += `M${x + margin} ${y + margin}h1v1h-1z`;
  return { path, extent: n + margin * 2 };
}

/** A QR code drawn as SVG, synchronously: the server and the browser render the same markup. */
export function QrCode({ value, size = 140, label, className }: QrCodeProps) {
  const { path, extent } = useMemo(() => qrPath(value), [value]);
  return (
    <svg className={className} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#0b0e14" />
    </svg>
  );
}
