/** CJK Unified Ideographs (with Extension A). */
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff]/;

/** True when any string inside value (objects and arrays walked recursively) holds a Chinese character. */
export function containsChinese(value: unknown, seen: WeakSet<object> = new WeakSet()): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return CHINESE.test(value);
  if (typeof value !== 'object') return false;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return false;
  if (seen.has(value)) return false;
  seen.add(value);
  if (typeof FormData !== 'undefined' && value instanceof FormData) {
    for (const [, entry] of value.entries()) {
      if (typeof entry === 'string' && CHINESE.test(entry)) return true;
    }
    return false;
  }
  if (typeof URLSearchParams !== 'undefined' && value instanceof URLSearchParams) {
    for (const [k, v] of value.entries()) if (CHINESE.test(k) || CHINESE.test(v)) return true;
    return false;
  }
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return items.some((item) => containsChinese(item, seen));
}
