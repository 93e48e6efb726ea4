import type { ReactElement } from 'react';

/** Decorative network marks (the link carries the accessible name). Unknown networks get a generic mark. */
export function SocialIcon({ network }: { network: string }): ReactElement {
  const common = { 'aria-hidden': true, focusable: false, width: 24, height: 24, viewBox: '0 0 24 24' } as const;
  if (network === 'instagram')
    return (
      <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
      </svg>
    );
  if (network === 'twitter')
    return (
      <svg {...common} fill="currentColor">
        <path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.9L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
      </svg>
    );
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
    </svg>
  );
}
