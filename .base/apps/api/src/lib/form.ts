import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Forms with a picture (accounts, books) arrive as multipart (with a picture) or as JSON (without).
 * Either way the handler gets the fields as text (JSON numbers and booleans written out, lists joined
 * with commas) and at most one picture in memory; anything else is ignored, so an extra `is_staff`
 * field has nowhere to go.
 */
export interface UploadedFile {
  field: string;
  data: Buffer;
}

export interface UploadForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

export async function readUploadForm(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; tooLargeMessage: string },
): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string') fields[key] = value;
        else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
        else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) fields[key] = value.join(',');
      }
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

/** Field name → messages, and a one-line summary naming the first field (what the web shows). */
export function validationError(error: z.ZodError, status = 400): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    const list = (fields[name] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fieldsError(fields, status);
}

export function fieldsError(fields: Record<string, string[]>, status = 400): AppError {
  const [first] = Object.entries(fields);
  const summary = first ? `${first[0]}: ${first[1].join(', ')}` : 'The form is not valid';
  return new AppError(status, summary, fields);
}
