/** Where the app runs, for the one install hint that applies. */
export type InstallPlatform = 'installed' | 'ios' | 'android' | 'desktop';

/**
 * Read from the browser: already opened from the home screen (display-mode
 * standalone, or iOS's navigator.standalone), else the platform by its user
 * agent (iPadOS reports itself as a Mac with touch).
 */
export function installPlatform(env: { userAgent: string; standalone: boolean; maxTouchPoints: number }): InstallPlatform {
  if (env.standalone) return 'installed';
  const ua = env.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && env.maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

export function currentInstallPlatform(): InstallPlatform {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return installPlatform({ userAgent: navigator.userAgent, standalone, maxTouchPoints: navigator.maxTouchPoints ?? 0 });
}
