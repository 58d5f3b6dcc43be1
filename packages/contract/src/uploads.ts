import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ImageType } from './enums.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const createImageUpload = defineEndpoint({
  method: 'POST',
  path: '/s3/presigned-upload-url/image-type/{type}',
  summary: 'A short-lived URL to PUT one image to (jpeg, jpg or png, at most 5 MiB)',
  description:
    'PUT the file’s bytes to `upload_url` with the given headers. The stored file is checked (type by ' +
    'its content, size) before `public_url` serves it. Any other type is 400 VALIDATION_ERROR.',
  tags: ['uploads'],
  auth: 'user',
  params: z.object({ type: ImageType }),
  response: z.object({
    upload_url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    public_url: z.string(),
    max_bytes: z.number().int(),
    expires_at: z.iso.datetime(),
  }),
  status: 201,
});
