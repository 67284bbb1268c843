// File upload is the one call outside the envelope: a multipart POST to /api/v1/<path> with
// the accessToken header and a plain {code, message, data} answer. XMLHttpRequest is used
// because fetch cannot report upload progress.
import { TEXTS } from '@paywallet/contract';
import type { CallDef, TCallResponse, TEnvelope } from '@paywallet/contract';
import { ApiError, NETWORK_FAILURE_CODE } from './api-error.ts';
import { authHeaders, reportNetworkFailure, settleEnvelope } from './client.ts';
import type { CallOptions } from './client.ts';
import { UPLOAD_TIMEOUT_MS } from './limits.ts';

export interface UploadOptions extends CallOptions {
  /** 0 to 100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  /** The name of the file part; default 'file' (update-profile-picture takes 'profilePic'). */
  fileField?: string;
}

function postMultipart(path: string, form: FormData, options: UploadOptions): Promise<TEnvelope> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/${path}`);
    request.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const fail = () => reject(new ApiError(NETWORK_FAILURE_CODE, TEXTS.networkError));
    request.onerror = fail;
    request.ontimeout = fail;
    request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    request.onload = () => {
      try {
        const body: unknown = JSON.parse(request.responseText);
        if (typeof body === 'object' && body !== null && typeof (body as TEnvelope).code === 'number') {
          resolve(body as TEnvelope);
          return;
        }
      } catch {
        // handled below
      }
      fail();
    };
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}

export async function upload<C extends CallDef>(
  def: C,
  file: File,
  fields: Record<string, string>,
  options: UploadOptions = {},
): Promise<TCallResponse<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(options.fileField ?? 'file', file, file.name);
  let envelope: TEnvelope;
  try {
    envelope = await postMultipart(def.path, form, options);
  } catch (error) {
    return reportNetworkFailure(error, options);
  }
  return settleEnvelope(def, envelope, options);
}
