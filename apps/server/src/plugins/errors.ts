import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiErrorBody } from '@campuscollab/shared';
import { HttpError } from '../lib/http-error';
import { PostgrestError } from '../lib/postgrest';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

function describeIssue(issue: ValidationIssue): { field: string; message: string } {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  const raw = issue.message ?? 'is invalid';
  if (field === 'body' && issue.keyword === 'invalid_type') {
    return { field, message: 'Request body must be a JSON object' };
  }
  // Zod's own type messages don't say which field; messages our schemas chose are shown as is.
  if (issue.keyword === 'invalid_type') {
    return {
      field,
      message: raw.endsWith('undefined') ? `${field} is required` : `${field}: ${raw}`,
    };
  }
  return { field, message: raw };
}

// Fastify's own client-error codes, mapped to our statuses and codes.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.validation,
    message: 'Malformed JSON body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.validation,
    message: 'Request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.unsupportedMediaType,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.validation,
    message: 'Content-Length does not match the body',
  },
};

/**
 * Every error leaves as JSON `{code, message, details?, hint?}`. Bad input is a 4xx naming what
 * was wrong; only a genuine fault is a 500, and its details stay in the log, never the response.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { code: ErrorCode.internal, message: 'Internal server error' };

    if (error instanceof PostgrestError) {
      // The table API answers in PostgREST's own shape, which postgrest-js reads.
      status = error.status;
      body = error.toJSON();
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.hint !== undefined) body.hint = error.hint;
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map(describeIssue);
      status = 400;
      body = { code: ErrorCode.validation, message: fields[0]!.message, details: { fields } };
    } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      const known = FASTIFY_CLIENT_ERRORS[error.code]!;
      status = known.status;
      body = { code: known.code, message: known.message };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: ErrorCode.validation, message: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, 'request rejected');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      code: ErrorCode.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    } satisfies ApiErrorBody),
  );
}
