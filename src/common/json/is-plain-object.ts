/** What JSON.parse produces for `{…}`: an object whose prototype is Object.prototype (not an array, class instance or null-prototype object). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
