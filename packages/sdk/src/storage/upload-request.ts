import { errorFromBody } from '../errors/error-from-response';
import { createNetworkError, SdkErrorKind, SdkMessage } from '../errors/sdk-error';
import type { FetchFunction } from '../http/authorized-fetch';
import { fail, ok, type Result } from '../http/result';

/** Upload progress: bytes sent so far of the total, and the percentage (0 to 100). */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export type XhrConstructor = new () => XMLHttpRequest;

export interface SendUploadOptions {
  url: string;
  form: FormData;
  token: string;
  /** The file's size, for progress events that have no total. */
  size: number;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** When set, upload progress comes from `upload.onprogress`; otherwise fetch reports 0 then 100. */
  Xhr: XhrConstructor | null;
  fetch: FetchFunction;
}

/** The answer as status and parsed JSON body (or undefined), whichever transport sent it. */
export interface RawAnswer {
  status: number;
  body: unknown;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

function report(onProgress: SendUploadOptions['onProgress'], loaded: number, total: number) {
  onProgress?.({
    loaded,
    total,
    percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 100,
  });
}

/** XMLHttpRequest: the only browser API that reports upload progress for a request body. */
function sendWithXhr(options: SendUploadOptions & { Xhr: XhrConstructor }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new options.Xhr();
    let lastPercent = -1;
    xhr.open('POST', options.url);
    xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    if (xhr.upload) {
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : options.size;
        const percent = total > 0 ? Math.round((event.loaded / total) * 100) : 0;
        lastPercent = percent;
        report(options.onProgress, event.loaded, total);
      };
    }
    xhr.onload = () => {
      // Some engines send no final upload event (happy-dom sends none at all): close at 100.
      if (lastPercent < 100) report(options.onProgress, options.size, options.size);
      resolve({ status: xhr.status, body: parseJson(String(xhr.responseText ?? '')) });
    };
    xhr.onerror = () => reject(createNetworkError('upload failed'));
    xhr.onabort = () => reject(createNetworkError('upload aborted'));
    xhr.send(options.form);
  });
}

/** fetch cannot report an upload's progress: 0 when it starts, 100 when the server answered. */
async function sendWithFetch(options: SendUploadOptions): Promise<RawAnswer> {
  report(options.onProgress, 0, options.size);
  const response = await options.fetch(options.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}` },
    body: options.form,
  });
  const body = parseJson(await response.text());
  if (response.ok) report(options.onProgress, options.size, options.size);
  return { status: response.status, body };
}

/** Sends the multipart upload once, with whichever transport is available. */
export function sendUpload(options: SendUploadOptions): Promise<RawAnswer> {
  return options.Xhr ? sendWithXhr({ ...options, Xhr: options.Xhr }) : sendWithFetch(options);
}

/** Reads an answer into a result; failures are STORAGE_ERROR unless 0, 400 or 401. */
export function readUploadAnswer<T>(answer: RawAnswer): Result<T> {
  if (answer.status >= 200 && answer.status < 300) return ok(answer.body as T);
  return fail(
    errorFromBody(answer.status, answer.body, SdkErrorKind.storage, SdkMessage.uploadFailed),
  );
}
