/** The app's icon (a decorative brand mark). */
export function AppIcon({ className, size = 40 }: { className?: string; size?: number }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#2354e6" />
      <path d="M27 14.5a9 9 0 1 0 0 11h-7v-4.5h11" fill="none" stroke="#fff" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
