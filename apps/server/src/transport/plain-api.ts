// The plain transport: POST /api/v1/<logical-path> with a JSON body, or a multipart body for
// the calls that take a file. Unknown /api paths answer CALL_NOT_FOUND.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { hasControlCharacter } from '@paywallet/contract';
import { failure, refusalEnvelope } from './errors.ts';
import { normalisePath, type Dispatcher, type UploadedFile } from './dispatcher.ts';
import { requestContextOf, sendEnvelope, sendMalformed } from './http.ts';
import { cleanFileName } from '../lib/file-names.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const MULTIPART_FIELDS_MAX = 20;
const MULTIPART_FIELD_MAX_CHARS = 2000;
const MULTIPART_HEADER_PAIRS_MAX = 20;

export async function registerPlainApi(app: FastifyInstance, dispatcher: Dispatcher): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: MULTIPART_FIELDS_MAX,
      // One file and the fields: anything more is not a form of ours.
      parts: MULTIPART_FIELDS_MAX + 1,
      headerPairs: MULTIPART_HEADER_PAIRS_MAX,
      fieldSize: MULTIPART_FIELD_MAX_CHARS * 4,
    },
  });

  app.post('/api/v1/*', async (request, reply) => {
    const callPath = normalisePath((request.params as { '*': string })['*']);
    const context = requestContextOf(request);
    let body: unknown = request.body;
    if (request.isMultipart()) {
      const read = await readMultipart(request);
      if (!read) return sendMalformed(reply);
      body = read.fields;
      if (read.file) context.file = read.file;
    }
    const result = await dispatcher.dispatch(callPath, body, context);
    return sendEnvelope(reply, result.envelope, result.headers);
  });

  app.all('/api/*', async (_request, reply) => sendEnvelope(reply, refusalEnvelope(failure('CALL_NOT_FOUND'))));
}

interface MultipartBody {
  fields: Record<string, string>;
  file?: UploadedFile;
}

/**
 * The fields and the one file of a multipart body; undefined when the body is not a readable
 * form of ours: a missing or broken boundary (or one the body does not use), a part cut short,
 * more parts or files than a form has, a control character in the file name. Whatever goes
 * wrong while reading the caller's bytes is the caller's: one uniform 400 (MALFORMED_REQUEST),
 * never a 500.
 */
async function readMultipart(request: FastifyRequest): Promise<MultipartBody | undefined> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts++;
      if (part.type === 'file') {
        // A file name is text we store and show: no control character (NUL above all) belongs in one.
        if (file || hasControlCharacter(part.filename)) {
          part.file.resume();
          return undefined;
        }
        // A file over the size limit is the upload's own refusal (FILE_TOO_LARGE, with the limit);
        // any other error while reading it is a broken body.
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return Buffer.alloc(0);
          throw error;
        });
        file = { fileName: cleanFileName(part.filename), bytes, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.slice(0, MULTIPART_FIELD_MAX_CHARS);
      }
    }
  } catch (error) {
    // A file past the transport's upload cap keeps the answer of a body that is too large.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    request.log.debug({ err: errorSummary(error) }, 'unreadable multipart body');
    return undefined;
  }
  // Not one part under the boundary the header names: the body uses another, or none.
  if (parts === 0) return undefined;
  return file ? { fields, file } : { fields };
}

/** The error's name and message only: a parser's error may quote the body it choked on. */
function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'unknown error';
}
