/**
 * Names every plain object inherits. A lookup such as `columns[name]` finds them on any object,
 * so each must be an unknown name like any other wherever a client can send one.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
] as const;
