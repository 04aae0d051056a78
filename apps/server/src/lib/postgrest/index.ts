export { parsePostgrestRequest, readHeader, REQUEST_HEADERS } from './parse-request';
export type { ParseRequestOptions, RequestHeaders } from './parse-request';
export { PostgrestError, createParseError } from './errors';
export { PostgrestCode } from './error-codes';
export type { PostgrestErrorBody, PostgrestErrorInit } from './errors';
export { encodeCursor, decodeCursor, fingerprintOrder, withKeyColumn } from './cursor';
export type { CursorKey } from './cursor';
export {
  renderPreferenceApplied,
  resolvePreferenceOperation,
  parsePreferHeaders,
} from './parse-prefer';
export { listReferencedColumns } from './collect-columns';
export { isSafeIdentifier } from './identifier';
export { ownShapeKey, requestShape, shapeKey } from './shape-key';
export type { RequestShape, ShapeContext, ShapeKey } from './shape-key';
export { DEFAULT_MAX_LIMIT } from './parse-range';
export type * from './types';
