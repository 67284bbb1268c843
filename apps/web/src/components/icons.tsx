// A few line icons drawn inline, so the app needs no icon package.
import type { SVGProps } from 'react';

const PATHS = {
  dashboard: 'M4 13h6V4H4v9zm0 7h6v-5H4v5zm10 0h6v-9h-6v9zm0-16v5h6V4h-6z',
  transactions: 'M7 7h11l-3-3M17 17H6l3 3',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7zm0 0V6a2 2 0 0 1 2-2h11v3M16 13h2',
  settlement: 'M4 20h16M6 16V9m4 7V9m4 7V9m4 7V9M3 8l9-5 9 5',
  refund: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  users: 'M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm13 9v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  store: 'M4 10v10h16V10M3 4h18l-1 6H4L3 4zm7 16v-5h4v5',
  report: 'M7 3h7l5 5v13H7V3zm7 0v5h5M10 13h6m-6 4h6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.6 7.6 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1c.6.5 1.3.9 2 1.2l.4 2.6h5l.4-2.6c.7-.3 1.4-.7 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  user: 'M20 21v-1a5 5 0 0 0-5-5H9a5 5 0 0 0-5 5v1M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  bell: 'M18 16V11a6 6 0 0 0-12 0v5l-2 2h16l-2-2zM10 21h4',
  dot: 'M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  check: 'M5 12l5 5L20 7',
  upload: 'M12 16V4m0 0L7 9m5-5 5 5M4 20h16',
  alert: 'M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  details: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  history: 'M3 12a9 9 0 1 0 2.6-6.4L3 8m0-5v5h5m4-1v5l3 3',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  remove: 'M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3',
  comments: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10zM8 8h8m-8 4h5',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
  size?: number;
}

export function Icon({ name, size = 18, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Picks an icon for a server-provided web_icon name or a feature slug (best effort). */
export function iconFor(hint: string): IconName {
  const text = hint.toLowerCase();
  const rules: [RegExp, IconName][] = [
    [/dashboard|home|overview/, 'dashboard'],
    [/refund/, 'refund'],
    [/settle/, 'settlement'],
    [/transaction|transfer|send|request/, 'transactions'],
    [/wallet|ledger|balance|withdraw|deposit|hold/, 'wallet'],
    [/link|checkout|api/, 'link'],
    [/staff|user|customer|team/, 'users'],
    [/store|pos|device|terminal/, 'store'],
    [/report|export|statement/, 'report'],
    [/setting|config/, 'settings'],
    [/notification|bell/, 'bell'],
    [/profile|account/, 'user'],
  ];
  return rules.find(([pattern]) => pattern.test(text))?.[1] ?? 'dot';
}
