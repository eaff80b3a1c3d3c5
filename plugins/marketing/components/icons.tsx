/** Small decorative icons (inline SVG: no emoji font needed). */
export function GiftIcon({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="6" y="18" width="36" height="10" rx="2" fill="#2354e6" />
      <rect x="9" y="28" width="30" height="16" rx="2" fill="#4a74ff" />
      <rect x="21" y="18" width="6" height="26" fill="#17e6a1" />
      <path d="M24 18c-6-10-14-8-12-2 1 3 7 2 12 2zm0 0c6-10 14-8 12-2-1 3-7 2-12 2z" fill="none" stroke="#17e6a1" strokeWidth="3" />
    </svg>
  );
}

export function PeopleIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <circle cx="10" cy="9" r="4" fill="#2354e6" />
      <circle cx="19" cy="10" r="3.2" fill="#17b4e6" />
      <path d="M2 23c0-5 4-8 8-8s8 3 8 8z" fill="#2354e6" />
      <path d="M15 23c0-2 .6-4 2-5.4 1-.4 1.5-.6 2-.6 3.5 0 7 2.6 7 6z" fill="#17b4e6" />
    </svg>
  );
}
