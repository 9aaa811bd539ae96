import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * Account forms arrive as multipart (with a picture) or as JSON (without). Either way the handler
 * gets the text fields as strings and at most one picture in memory; anything else is ignored, so
 * an extra `is_staff` field has nowhere to go.
 */
export interface UploadedFile {
  field: string;
  data: Buffer;
}

export interface AccountForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

export async function readAccountForm(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; tooLargeMessage: string },
): Promise<AccountForm> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
    }
    return { fields };
  }

  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!options.fileFields.includes(part.fieldname) || file) {
        part.file.resume();
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, options.tooLargeMessage, { [part.fieldname]: [options.tooLargeMessage] });
        }
        throw err;
      }
      // A browser sends an empty file part when nothing was picked.
      if (data.length > 0) file = { field: part.fieldname, data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
