export const BRAND = 'Onyx';

/** Fixed brand title and no multi-finger zoom (spec 1). */
export function installBrowserBehaviour(): void {
  document.title = BRAND;
  document.addEventListener('gesturestart', (e) => e.preventDefault(), { passive: false });
  document.addEventListener(
    'touchmove',
    (e) => {
      if (e.touches.length > 1) e.preventDefault();
    },
    { passive: false },
  );
}
