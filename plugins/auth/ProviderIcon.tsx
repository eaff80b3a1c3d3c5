import type { LoginProvider } from './providers';

/** Decorative marks of the login providers (simplified shapes in the providers' colours). */
export function ProviderIcon({ provider }: { provider: LoginProvider }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (provider) {
    case 'google':
      return (
        <svg {...common}>
          <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" fill="#4285F4" />
          <path d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" fill="#34A853" />
          <path d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2z" fill="#FBBC05" />
          <path d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 5.9 12 5.9z" fill="#EA4335" />
        </svg>
      );
    case 'apple':
      return (
        <svg {...common}>
          <path
            d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.7.9-.8 0-2-.9-3.2-.8-1.7 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8c1.3 0 2.1-1.2 2.9-2.4.9-1.3 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.8zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
            fill="currentColor"
          />
        </svg>
      );
    case 'metamask':
      return (
        <svg {...common}>
          <path d="M21 3l-7.4 5.5 1.4-3.2z" fill="#E2761B" />
          <path d="M3 3l7.3 5.6L9 5.3zM18.3 16.3l-2 3 4.2 1.2 1.2-4.1zM2.3 16.4l1.2 4.1 4.2-1.2-2-3z" fill="#E4761B" />
          <path d="M7.5 11.2l-1.2 1.8 4.2.2-.1-4.5zM16.5 11.2l-2.9-2.6-.1 4.6 4.2-.2zM7.7 19.3l2.5-1.2-2.2-1.7zM13.8 18.1l2.5 1.2-.3-2.9z" fill="#E4761B" />
          <path d="M10.2 13.2l-4-.2 2 4.3.2-2.9zM13.8 13.2l1.8 1.2.2 2.9 2-4.3z" fill="#F6851B" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect width="24" height="24" rx="6" fill="#E30A17" />
          <circle cx="10" cy="12" r="5" fill="#fff" />
          <circle cx="11.3" cy="12" r="4" fill="#E30A17" />
          <path d="M16.5 10.2l.6 1.3 1.4.1-1.1.9.4 1.4-1.3-.8-1.2.8.4-1.4-1.1-.9 1.4-.1z" fill="#fff" />
        </svg>
      );
  }
}
