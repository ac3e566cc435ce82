import type { SVGProps } from 'react';

const PATHS = {
  back: 'M15 18l-6-6 6-6',
  chevron: 'M9 6l6 6-6 6',
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  store: 'M4 7h16l-1 13H5zM8 7a4 4 0 0 1 8 0',
  flash: 'M13 2L4 14h7l-1 8 9-12h-7z',
  finance: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  key: 'M14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM14 10h8M19 10v3M22 10v2',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  id: 'M3 5h18v14H3zM8 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 16a3 3 0 0 1 6 0M14 9h4M14 13h4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  help: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17h.01',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7h.01',
  doc: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  download: 'M12 3v12M7 10l5 5 5-5M4 21h16',
  globe: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  gift: 'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8a3 3 0 1 1 3-3M12 8a3 3 0 1 0-3-3',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z',
  logout: 'M10 17l-5-5 5-5M5 12h12M14 4h5v16h-5',
  check: 'M5 12l5 5 9-10',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  upload: 'M12 16V4M7 9l5-5 5 5M4 20h16',
  close: 'M6 6l12 12M18 6L6 18',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff: 'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3 3.6M6.6 6.6C3.8 8.4 2 12 2 12s4 7 10 7a9 9 0 0 0 4.4-1.1',
  trade: 'M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4',
  recharge: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  proxy: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6',
  futures: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  option: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  follow: 'M16 11a4 4 0 1 0-8 0M4 20a8 8 0 0 1 16 0M19 3l2 2-2 2',
  assets: 'M3 7h18v13H3zM3 7l2-4h14l2 4M16 13h2',
  welfare: 'M12 21s-8-5-8-11a5 5 0 0 1 8-4 5 5 0 0 1 8 4c0 6-8 11-8 11z',
  shield: 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  chart: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  empty: 'M3 13l3-8h12l3 8M3 13v6h18v-6M3 13h5l1 2h6l1-2h5',
  android: 'M6 9h12v8a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM8 9a4 4 0 0 1 8 0M9 5L8 3M15 5l1-2M9 18v3M15 18v3',
  apple: 'M16 3c0 2-1.5 3.5-3.5 3.5C12.5 4.5 14 3 16 3zM18.5 16.5c-1 2.5-2.5 4.5-4 4.5-1 0-1.5-.6-2.5-.6S10.5 21 9.5 21c-2 0-5-4-5-8.5C4.5 9 7 7.5 9 7.5c1 0 2 .7 3 .7s1.8-.7 3.2-.7c1.2 0 2.6.6 3.5 1.9-3 1.8-2.4 6 -.2 7.1z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
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

/** Icon for a server menu key (spec 2 menu keys). */
export function menuIcon(key: string): IconName {
  const map: Record<string, IconName> = {
    home: 'home',
    trade: 'trade',
    option: 'option',
    follow: 'follow',
    proxy: 'proxy',
    assets: 'assets',
    recharge: 'recharge',
    futures: 'futures',
    welfare_center: 'welfare',
    promotion_center: 'gift',
    primary: 'id',
    advanced: 'shield',
  };
  return map[key] ?? 'chevron';
}
