/**
 * Reading and writing names from the description on plain objects. A name
 * like `constructor` or `__proto__` is found on every object's prototype, and
 * assigning `__proto__` replaces the prototype instead of adding a key; JSON
 * page models and parsed specs still hold such names as own keys.
 */

/** The value of `record`'s own key `name`, never one its prototype gives. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Sets `name` as an own key of `record`, as `record[name] = value` does for every name but `__proto__`. */
export function setOwn<T>(record: Record<string, T>, name: string, value: NoInfer<T>): void {
  Object.defineProperty(record, name, {value, writable: true, enumerable: true, configurable: true});
}
