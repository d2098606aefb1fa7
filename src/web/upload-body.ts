import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { formatBytes } from '../ical/limits.js';
import { BodyRefused, PAGE_BODY_LIMIT } from './body-refusal.js';
import type { FormFields } from './form-body.js';

/**
 * How the one page that takes a file (the calendar import) reads its multipart/form-data body:
 * called by its handler once the session and the form's token were checked, so nothing of an
 * upload is read for a visitor who may not upload. The body is streamed through busboy and
 * refused at the first limit passed (one file of at most `fileBytes`, at most `fields` fields of
 * `fieldBytes` each, the whole body at most the file's limit and 256 KiB more), with a 413 or 400
 * and a sentence (body-refusal.ts): the rest is never read (the request is unpiped and paused, and
 * the answer closes the connection), and nothing past a limit is kept in memory.
 */
export interface UploadLimits {
  fileBytes: number;
  fields: number;
  fieldBytes: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface Upload {
  fields: FormFields;
  file: UploadedFile | null;
}

const MULTIPART = /^multipart\/form-data\b/i;

/** Reads the request's multipart body into its fields and its one file, or throws BodyRefused. */
export function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  const type = request.headers['content-type'] ?? '';
  if (!MULTIPART.test(type)) {
    return Promise.reject(new BodyRefused(415, 'This form sends a file: it takes multipart/form-data (the form’s own encoding), and what was sent is another kind of body. Go back to the page, reload it and send the form again.'));
  }
  const bodyBytes = limits.fileBytes + PAGE_BODY_LIMIT;
  const tooLarge = () => new BodyRefused(413, `The file is larger than the ${formatBytes(limits.fileBytes)} one calendar may have; nothing was imported. Go back and choose a smaller file.`);
  // A body announced larger than any the form can send is refused before a byte of it is read.
  if (Number(request.headers['content-length']) > bodyBytes) return Promise.reject(tooLarge());

  const raw = request.raw;
  return new Promise<Upload>((resolve, reject) => {
    const fields: FormFields = Object.create(null) as FormFields;
    let file: UploadedFile | null = null;
    let settled = false;
    let received = 0;
    let parser: BusboyInstance;

    const unhook = () => {
      raw.off('data', count);
      raw.off('close', closed);
    };
    const stop = () => {
      unhook();
      raw.unpipe(parser);
      raw.pause();
    };
    const refuse = (error: BodyRefused) => {
      if (settled) return;
      settled = true;
      stop();
      reject(error);
    };
    const cutShort = () => refuse(new BodyRefused(400, 'The form did not arrive whole, and nothing was imported. Please send it again.'));
    // A client gone before its body ended: nothing to answer, but the promise settles.
    const closed = () => {
      if (!raw.complete) cutShort();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyBytes) refuse(tooLarge());
    };

    try {
      parser = Busboy({ headers: { ...request.headers, 'content-type': type }, limits: { files: 1, fileSize: limits.fileBytes, fields: limits.fields, fieldSize: limits.fieldBytes } });
    } catch {
      // No boundary in the Content-Type: nothing can be read.
      return reject(new BodyRefused(400, 'The form could not be read (its multipart boundary is missing), and nothing was imported. Go back to the page, reload it and send the form again.'));
    }

    parser.on('field', (name: string, value: string, _nameCut: boolean, valueCut: boolean) => {
      if (valueCut) return refuse(new BodyRefused(413, `The field “${name}” is longer than the ${formatBytes(limits.fieldBytes)} a field of this form may hold; nothing was imported.`));
      const kept = fields[name];
      fields[name] = kept === undefined ? value : [...(Array.isArray(kept) ? kept : [kept]), value];
    });
    parser.on('file', (name: string, stream: BusboyFileStream, filename: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // The file passed its limit: refused at once, what was read of it dropped.
      stream.on('limit', () => {
        chunks.length = 0;
        refuse(tooLarge());
      });
      stream.on('end', () => {
        if (!settled) file = { field: name, filename, bytes: Buffer.concat(chunks) };
      });
      stream.on('error', () => cutShort());
    });
    parser.on('filesLimit', () => refuse(new BodyRefused(413, 'The form holds more than one file; import one calendar file at a time. Nothing was imported.')));
    parser.on('fieldsLimit', () => refuse(new BodyRefused(413, `The form holds more than ${limits.fields} fields, more than this form has; nothing was imported. Go back to the page, reload it and send the form again.`)));
    parser.on('error', () => refuse(new BodyRefused(400, 'The form’s data is cut short or malformed, and nothing was imported. Go back to the page, reload it and send the form again.')));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      unhook();
      resolve({ fields, file });
    });
    raw.on('data', count);
    raw.on('close', closed);
    raw.pipe(parser);
  });
}
